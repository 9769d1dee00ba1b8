import type { GalleryPhoto } from '@madreseh/contract/gallery/gallery.contract';
import {
  ActionIcon,
  Box,
  Chip,
  Group,
  Image,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { PageHeader } from '../../../ui/page-header';
import { galleryFa } from '../messages';
import { publicGalleryQuery } from '../public-api';

function Lightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: GalleryPhoto[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const photo = photos[index];
  const touchX = useRef<number | null>(null);
  const go = useCallback(
    (d: number) => onIndex((index + d + photos.length) % photos.length),
    [index, onIndex, photos.length],
  );
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      // RTL: the right arrow goes back, the left arrow goes forward.
      if (e.key === 'ArrowLeft') go(1);
      if (e.key === 'ArrowRight') go(-1);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [go]);
  if (!photo) return null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      centered
      withCloseButton
      title={digitsToPersian(galleryFa.of(String(index + 1), String(photos.length)))}
      closeButtonProps={{ 'aria-label': galleryFa.close }}
    >
      <Box
        pos="relative"
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          if (start !== null && end !== undefined && Math.abs(end - start) > 40) go(end > start ? 1 : -1);
          touchX.current = null;
        }}
      >
        <Image
          src={photo.image.large}
          alt={photo.caption || galleryFa.title}
          mah="75vh"
          maw="min(90vw, 1200px)"
          fit="contain"
          data-testid="lightbox-image"
        />
        {photo.caption && (
          <Text ta="center" mt="sm">
            {photo.caption}
          </Text>
        )}
        <Group justify="space-between" mt="sm">
          <ActionIcon size="lg" variant="light" onClick={() => go(-1)} aria-label={galleryFa.prev}>
            <IconChevronRight />
          </ActionIcon>
          <ActionIcon size="lg" variant="light" onClick={() => go(1)} aria-label={galleryFa.next}>
            <IconChevronLeft />
          </ActionIcon>
        </Group>
      </Box>
    </Modal>
  );
}

export function Component() {
  const [page, setPage] = useState(1);
  const [album, setAlbum] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({ ...publicGalleryQuery(page, album), placeholderData: keepPreviousData });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <PageHeader title={galleryFa.title} description={galleryFa.line} />
      {data && data.albums.length > 0 && (
        <Chip.Group
          value={album}
          onChange={(v) => {
            setAlbum(v as string);
            setPage(1);
          }}
        >
          <Group gap={6} mb="lg" aria-label={galleryFa.albums} role="group">
            <Chip value="">{galleryFa.all}</Chip>
            {data.albums.map((a) => (
              <Chip key={a} value={a}>
                {a}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {list.isPending && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={180} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {data?.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {galleryFa.empty}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {data?.items.map((p, i) => (
          <UnstyledButton
            key={p.id}
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
              h={180}
              fit="cover"
              loading="lazy"
              width={p.width}
              height={p.height}
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center" mt="lg">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getItemProps={(n) => ({ children: digitsToPersian(n) })}
          />
        </Group>
      )}
      {open !== null && data && (
        <Lightbox photos={data.items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}
