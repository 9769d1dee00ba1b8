import type { GalleryPhoto } from '@madreseh/contract/gallery/gallery.contract';
import { IMAGE_LIMITS } from '@madreseh/contract/uploads';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import {
  galleryQueries,
  invalidateGallery,
  uploadPhoto,
  useRemovePhoto,
  useReorderPhotos,
  useUpdatePhoto,
} from '../api';
import { galleryFa } from '../messages';

interface UploadRow {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** The type of a photo card being dragged (never a file from the desktop). */
const DRAG_TYPE = 'application/x-madreseh-photo';

interface DragProps {
  /** This card is being dragged. */
  dragging: boolean;
  /** A dragged card would land here. */
  target: boolean;
  onDragStart: () => void;
  onDragOver: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
}

function PhotoCard({
  photo,
  onMove,
  albums,
  drag,
}: {
  photo: GalleryPhoto;
  onMove: (d: -1 | 1) => void;
  albums: string[];
  drag: DragProps;
}) {
  const [caption, setCaption] = useState(photo.caption);
  const [album, setAlbum] = useState(photo.album);
  const save = useUpdatePhoto(photo.id, () => toastSuccess(galleryFa.saved));
  const remove = useConfirmDelete(useRemovePhoto(photo.id), { variables: () => undefined, success: galleryFa.deleted });
  const dirty = caption !== photo.caption || album !== photo.album;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="admin-photo"
      data-photo-id={photo.id}
      style={{
        opacity: drag.dragging ? 0.4 : undefined,
        outline: drag.target ? '3px dashed var(--mantine-color-brand-5)' : undefined,
        outlineOffset: 2,
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        drag.onDragOver();
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.stopPropagation();
        drag.onDrop();
      }}
    >
      {/* The photo is the drag handle (mouse); the move buttons below do the same by keyboard and touch. */}
      <Card.Section
        pos="relative"
        draggable
        title={galleryFa.dragHint}
        data-testid="photo-handle"
        style={{ cursor: 'grab' }}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, String(photo.id));
          e.dataTransfer.effectAllowed = 'move';
          drag.onDragStart();
        }}
        onDragEnd={drag.onDragEnd}
      >
        <Image src={photo.image.thumb} alt={photo.caption} h={150} fit="cover" loading="lazy" draggable={false} />
        <IconGripVertical
          size={22}
          aria-hidden
          style={{
            position: 'absolute',
            top: 8,
            insetInlineStart: 8,
            color: '#fff',
            filter: 'drop-shadow(0 0 2px rgba(0,0,0,.6))',
          }}
        />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <TextInput
          size="xs"
          label={galleryFa.caption}
          value={caption}
          onChange={(e) => setCaption(e.currentTarget.value)}
        />
        <Autocomplete size="xs" label={galleryFa.album} value={album} onChange={setAlbum} data={albums} />
        <Group justify="space-between" gap={4}>
          <Group gap={2}>
            <ActionIcon variant="subtle" aria-label={galleryFa.moveUp} onClick={() => onMove(-1)}>
              <IconArrowRight size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={galleryFa.moveDown} onClick={() => onMove(1)}>
              <IconArrowLeft size={16} />
            </ActionIcon>
          </Group>
          <Group gap={4}>
            {dirty && (
              <Button
                size="xs"
                onClick={() => save.mutate({ caption, album }, { onError: (e) => toastError(e) })}
                loading={save.isPending}
              >
                {galleryFa.save}
              </Button>
            )}
            <ActionIcon variant="subtle" color="red" aria-label={galleryFa.delete} onClick={() => remove.ask(photo)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
      <ConfirmModal {...remove.modalProps} title={galleryFa.delete}>
        {galleryFa.confirmDelete}
      </ConfirmModal>
    </Card>
  );
}

export function Component() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [album, setAlbum] = useState('');
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);
  const list = useQuery(galleryQueries.admin(page));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const patch = (id: number, p: Partial<UploadRow>) =>
    setUploads((rows) => rows.map((r) => (r.id === id ? { ...r, ...p } : r)));
  const addFiles = async (files: File[]) => {
    const rows = files.map((f) => ({
      id: nextId.current++,
      name: f.name,
      progress: 0,
      state: 'uploading' as const,
      file: f,
    }));
    setUploads((u) => [...rows.map(({ file: _, ...r }) => r), ...u]);
    // One request per file, two at a time: each has its own progress bar.
    const queue = [...rows];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const id = row.id;
        try {
          await uploadPhoto(row.file, album, (p) => patch(id, { progress: p }));
          patch(id, { state: 'done', progress: 1 });
        } catch (e) {
          patch(id, { state: 'failed', error: (e as Error).message });
        }
        void invalidateGallery(qc);
      }
    };
    await Promise.all([worker(), worker()]);
  };

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
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  return (
    <>
      <PageHeader
        title={galleryFa.manageTitle}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }, { label: fa.dashboard.gallery }]}
      />
      <Autocomplete
        label={galleryFa.albumForUploads}
        value={album}
        onChange={setAlbum}
        data={data?.albums ?? []}
        maw={320}
        mb="sm"
      />
      <Paper
        withBorder
        radius="md"
        p="xl"
        mb="md"
        role="button"
        tabIndex={0}
        aria-label={galleryFa.drop}
        data-testid="dropzone"
        style={{
          borderStyle: 'dashed',
          cursor: 'pointer',
          background: dragging ? 'var(--mantine-color-brand-0)' : undefined,
        }}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') input.current?.click();
        }}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(false);
          void addFiles([...e.dataTransfer.files]);
        }}
      >
        <Stack align="center" gap={4}>
          <IconPhotoUp size={36} color="var(--mantine-color-brand-6)" />
          <Text fw={500}>{galleryFa.drop}</Text>
          <Text fz="sm" c="dimmed" ta="center">
            {galleryFa.dropHint}
          </Text>
        </Stack>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={IMAGE_LIMITS.mimeTypes.join(',')}
          data-testid="gallery-file-input"
          onChange={(e) => {
            void addFiles([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = '';
          }}
        />
      </Paper>
      {uploads.length > 0 && (
        <Stack gap={6} mb="lg" data-testid="upload-list">
          {uploads.map((u) => (
            <Group key={u.id} gap="sm" wrap="nowrap" data-testid="upload-row" data-state={u.state}>
              <Text fz="sm" truncate maw={200} dir="ltr">
                {u.name}
              </Text>
              <Progress
                value={u.progress * 100}
                flex={1}
                color={u.state === 'failed' ? 'red' : u.state === 'done' ? 'green' : 'brand'}
                aria-label={u.name}
              />
              <Badge color={u.state === 'failed' ? 'red' : u.state === 'done' ? 'green' : 'gray'} variant="light">
                {u.state === 'failed'
                  ? (u.error ?? galleryFa.failed)
                  : u.state === 'done'
                    ? galleryFa.uploaded
                    : digitsToPersian(`${Math.round(u.progress * 100)}٪`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      {data?.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {galleryFa.manageEmpty}
        </Text>
      )}
      {data && data.items.length > 1 && (
        <Text fz="sm" c="dimmed" mb="xs">
          {galleryFa.dragHint}
        </Text>
      )}
      <VisuallyHidden aria-live="polite" data-testid="reorder-status">
        {announce}
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {data?.items.map((p, i) => (
          <PhotoCard
            key={`${p.id}-${p.caption}-${p.album}`}
            photo={p}
            albums={data.albums}
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
      <PersianPagination pages={pages} page={page} onChange={setPage} mt="lg" />
    </>
  );
}
