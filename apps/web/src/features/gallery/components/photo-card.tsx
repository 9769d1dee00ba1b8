import type { GalleryPhoto } from '@madreseh/contract/gallery/gallery.contract';
import { ActionIcon, Autocomplete, Button, Card, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { useRemovePhoto, useUpdatePhoto } from '../api';
import { galleryFa } from '../messages';

/** The type of a photo card being dragged (never a file from the desktop). */
const DRAG_TYPE = 'application/x-madreseh-photo';

export interface DragProps {
  /** This card is being dragged. */
  dragging: boolean;
  /** A dragged card would land here. */
  target: boolean;
  onDragStart: () => void;
  onDragOver: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
}

/** One photo of the dashboard's gallery: drag it or move it, edit its caption and album, delete it. */
export function PhotoCard({
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
      <PhotoHandle photo={photo} drag={drag} />
      <PhotoFields photo={photo} albums={albums} onMove={onMove} />
    </Card>
  );
}

/** The photo is the drag handle (mouse); the move buttons below do the same by keyboard and touch. */
function PhotoHandle({ photo, drag }: { photo: GalleryPhoto; drag: DragProps }) {
  return (
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
  );
}

function PhotoFields({
  photo,
  albums,
  onMove,
}: {
  photo: GalleryPhoto;
  albums: string[];
  onMove: (d: -1 | 1) => void;
}) {
  const [caption, setCaption] = useState(photo.caption);
  const [album, setAlbum] = useState(photo.album);
  const save = useUpdatePhoto(photo.id, () => toastSuccess(galleryFa.saved));
  const remove = useConfirmDelete(useRemovePhoto(photo.id), { variables: () => undefined, success: galleryFa.deleted });
  const dirty = caption !== photo.caption || album !== photo.album;
  return (
    <>
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
    </>
  );
}
