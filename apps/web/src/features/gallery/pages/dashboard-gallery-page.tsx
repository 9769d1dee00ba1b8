import { type GalleryPhoto, galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import { IMAGE_LIMITS } from '@madreseh/contract/uploads';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Pagination,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { uploadFile } from '../../../lib/upload';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { galleryQueries } from '../api';
import { galleryFa } from '../messages';

interface UploadRow {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

function PhotoCard({ photo, onMove, albums }: { photo: GalleryPhoto; onMove: (d: -1 | 1) => void; albums: string[] }) {
  const qc = useQueryClient();
  const [caption, setCaption] = useState(photo.caption);
  const [album, setAlbum] = useState(photo.album);
  const [confirm, setConfirm] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['panel', 'gallery'] });
  const save = useMutation({
    mutationFn: () => call(galleryContract.update, { params: { id: photo.id }, body: { caption, album } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: galleryFa.saved });
      void refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: (e as Error).message }),
  });
  const remove = useMutation({
    mutationFn: () => call(galleryContract.remove, { params: { id: photo.id } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: galleryFa.deleted });
      setConfirm(false);
      void refresh();
    },
  });
  const dirty = caption !== photo.caption || album !== photo.album;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="admin-photo">
      <Card.Section>
        <Image src={photo.image.thumb} alt={photo.caption} h={150} fit="cover" loading="lazy" />
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
              <Button size="xs" onClick={() => save.mutate()} loading={save.isPending}>
                {galleryFa.save}
              </Button>
            )}
            <ActionIcon variant="subtle" color="red" aria-label={galleryFa.delete} onClick={() => setConfirm(true)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={galleryFa.delete}>
        <Text mb="lg">{galleryFa.confirmDelete}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(false)}>
            {galleryFa.cancel}
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            {galleryFa.delete}
          </Button>
        </Group>
      </Modal>
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
          await uploadFile(galleryContract.create, {
            file: row.file,
            fields: { album, caption: '' },
            onProgress: (p) => patch(id, { progress: p }),
          });
          patch(id, { state: 'done', progress: 1 });
        } catch (e) {
          patch(id, { state: 'failed', error: (e as Error).message });
        }
        void qc.invalidateQueries({ queryKey: ['panel', 'gallery'] });
      }
    };
    await Promise.all([worker(), worker()]);
  };

  const reorder = useMutation({
    mutationFn: (ids: number[]) => call(galleryContract.reorder, { body: { ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['panel', 'gallery'] }),
  });
  const move = (index: number, d: -1 | 1) => {
    if (!data) return;
    const ids = data.items.map((p) => p.id);
    const j = index + d;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j] as number, ids[index] as number];
    reorder.mutate(ids);
  };

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
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {data?.items.map((p, i) => (
          <PhotoCard
            key={`${p.id}-${p.caption}-${p.album}`}
            photo={p}
            albums={data.albums}
            onMove={(d) => move(i, d)}
          />
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
    </>
  );
}
