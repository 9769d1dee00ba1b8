import { IMAGE_LIMITS } from '@madreseh/contract/uploads';
import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { invalidateGallery, uploadPhoto } from '../api';
import { galleryFa } from '../messages';

export interface UploadRow {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** The files being uploaded into `album`, newest first, each with its progress and outcome. */
export function useUploads(album: string) {
  const qc = useQueryClient();
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const nextId = useRef(1);
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
  return { uploads, addFiles };
}

/** Where photos are dropped from the desktop, or chosen by click or keyboard. */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      mb="md"
      role="button"
      tabIndex={0}
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
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {/* Its name is the words it shows (what it says and what it takes), as a voice user reads them. */}
      <Stack align="center" gap={4}>
        <IconPhotoUp size={36} color="var(--mantine-color-brand-6)" aria-hidden />
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
          onFiles([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}

export function UploadList({ uploads }: { uploads: UploadRow[] }) {
  if (uploads.length === 0) return null;
  return (
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
  );
}
