import type { GalleryPhoto } from '@madreseh/contract/gallery/gallery.contract';
import { Autocomplete, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { EmptyNote } from '../../../ui/empty-note';
import { PersianPagination } from '../../../ui/persian-pagination';
import { toastError } from '../../../ui/toasts';
import { galleryQueries, useReorderPhotos } from '../api';
import { PhotoCard } from '../components/photo-card';
import { DropZone, UploadList, useUploads } from '../components/photo-upload';
import { galleryFa } from '../messages';

export function Component() {
  const [page, setPage] = useState(1);
  const [album, setAlbum] = useState('');
  const { uploads, addFiles } = useUploads(album);
  const list = useQuery(galleryQueries.admin(page));
  const data = list.data;

  // The photos of this page take the places they hold in a new order (inPlace): other pages do not move.
  const [announce, setAnnounce] = useState('');
  const reorder = useReorderPhotos(page, (e) => toastError(e));
  /** Moves the photo at `from` to `to` on this page. */
  const moveTo = (from: number, to: number) => {
    if (!data || from === to || to < 0 || to >= data.items.length) return;
    const ids = data.items.map((p) => p.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id as number);
    reorder.mutate(ids);
    const place = (page - 1) * data.pageSize + to + 1;
    setAnnounce(digitsToPersian(galleryFa.movedTo(String(place))));
  };

  return (
    <>
      <DashboardPageHeader title={galleryFa.manageTitle} crumbs={[{ label: fa.dashboard.gallery }]} />
      <Autocomplete
        label={galleryFa.albumForUploads}
        value={album}
        onChange={setAlbum}
        data={data?.albums ?? []}
        maw={320}
        mb="sm"
      />
      <DropZone onFiles={(files) => void addFiles(files)} />
      <UploadList uploads={uploads} />
      {data?.items.length === 0 && <EmptyNote py="xl">{galleryFa.manageEmpty}</EmptyNote>}
      {data && data.items.length > 1 && (
        <Text fz="sm" c="dimmed" mb="xs">
          {galleryFa.dragHint}
        </Text>
      )}
      <VisuallyHidden aria-live="polite" data-testid="reorder-status">
        {announce}
      </VisuallyHidden>
      <PhotoGrid items={data?.items} albums={data?.albums ?? []} moveTo={moveTo} />
      <PersianPagination of={data} page={page} onChange={setPage} mt="lg" />
    </>
  );
}

/** The photos of the page, dragged onto another's place or moved one step by their buttons. */
function PhotoGrid({
  items,
  albums,
  moveTo,
}: {
  items: GalleryPhoto[] | undefined;
  albums: string[];
  moveTo: (from: number, to: number) => void;
}) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
      {items?.map((p, i) => (
        <PhotoCard
          key={`${p.id}-${p.caption}-${p.album}`}
          photo={p}
          albums={albums}
          onMove={(d) => moveTo(i, i + d)}
          drag={{
            dragging: dragFrom === i,
            target: dragOver === i && dragFrom !== null && dragFrom !== i,
            onDragStart: () => setDragFrom(i),
            onDragOver: () => setDragOver(i),
            onDrop: () => {
              if (dragFrom !== null) moveTo(dragFrom, i);
              setDragFrom(null);
              setDragOver(null);
            },
            onDragEnd: () => {
              setDragFrom(null);
              setDragOver(null);
            },
          }}
        />
      ))}
    </SimpleGrid>
  );
}
