import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { importWithReload } from '../../../app/lazy-route';
import { M, rem } from '../../../ui/kit-classes';
import { Skeleton } from '../../../ui/kit-feedback';
import { Group, PublicPage, SimpleGrid } from '../../../ui/kit-layout';
import { Image, Text } from '../../../ui/kit-text';
import { PageHeader } from '../../../ui/page-header';
import classes from '../gallery.module.css';
import { galleryFa } from '../messages';
import { publicGalleryQuery } from '../public-api';

const mantineParts = () => importWithReload(() => import('../components/gallery-mantine'));
const GalleryLightbox = lazy(() => mantineParts().then((m) => ({ default: m.GalleryLightbox })));
const GalleryPagination = lazy(() => mantineParts().then((m) => ({ default: m.GalleryPagination })));

/** Mantine's check mark (the chosen album's chip). */
function CheckIcon() {
  return (
    <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden className={M.chipCheckIcon}>
      <path
        d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** One album to choose: Mantine's Chip (a radio button and its label), drawn by Mantine's stylesheet (ui/kit-classes.ts). */
function AlbumChip({
  value,
  checked,
  onPick,
  children,
}: {
  value: string;
  checked: boolean;
  onPick: (v: string) => void;
  children: string;
}) {
  const id = useId();
  return (
    <div className={M.chip}>
      <input
        className={M.chipInput}
        id={id}
        type="radio"
        value={value}
        checked={checked}
        onChange={(e) => {
          if (e.currentTarget.checked) onPick(value);
        }}
      />
      <label className={M.chipLabel} data-checked={checked || undefined} htmlFor={id}>
        {checked && (
          <span className={M.chipIconWrapper}>
            <CheckIcon />
          </span>
        )}
        <span>{children}</span>
      </label>
    </div>
  );
}

/** «All» and one chip an album. */
function AlbumChips({ albums, album, onPick }: { albums: string[]; album: string; onPick: (v: string) => void }) {
  return (
    <Group gap={6} aria-label={galleryFa.albums} role="group" style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
      <AlbumChip value="" checked={album === ''} onPick={onPick}>
        {galleryFa.all}
      </AlbumChip>
      {albums.map((a) => (
        <AlbumChip key={a} value={a} checked={album === a} onPick={onPick}>
          {a}
        </AlbumChip>
      ))}
    </Group>
  );
}

export function Component() {
  const [page, setPage] = useState(1);
  const [album, setAlbum] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({ ...publicGalleryQuery(page, album), placeholderData: keepPreviousData });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pick = (v: string) => {
    setAlbum(v);
    setPage(1);
  };
  return (
    <PublicPage width={1200}>
      <PageHeader title={galleryFa.title} description={galleryFa.line} />
      {data && data.albums.length > 0 && <AlbumChips albums={data.albums} album={album} onPick={pick} />}
      {list.isPending && (
        <SimpleGrid className={classes.placeholders}>
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={180} />
          ))}
        </SimpleGrid>
      )}
      {data?.items.length === 0 && (
        <Text
          style={{
            color: 'var(--mantine-color-dimmed)',
            textAlign: 'center',
            paddingBlock: 'var(--mantine-spacing-xl)',
          }}
        >
          {galleryFa.empty}
        </Text>
      )}
      <SimpleGrid className={classes.photos}>
        {data?.items.map((p, i) => (
          <button
            key={p.id}
            type="button"
            className={`mantine-focus-auto ${M.unstyledButton}`}
            onClick={() => setOpen(i)}
            aria-label={p.caption || galleryFa.title}
            data-testid="gallery-photo"
            style={{ borderRadius: 12, overflow: 'hidden' }}
          >
            <Image
              src={p.image.thumb}
              srcSet={p.image.srcSet}
              sizes="(max-width: 48em) 50vw, 25vw"
              alt={p.caption}
              // The first row is in the first screen (the server's markup asks for it at once too).
              loading={i < 4 ? 'eager' : 'lazy'}
              width={p.width}
              height={p.height}
              style={{ '--image-object-fit': 'cover', height: rem(180) } as React.CSSProperties}
            />
          </button>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Suspense fallback={null}>
          <GalleryPagination total={pages} value={page} onChange={setPage} />
        </Suspense>
      )}
      {open !== null && data && (
        <Suspense fallback={null}>
          <GalleryLightbox photos={data.items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </PublicPage>
  );
}
