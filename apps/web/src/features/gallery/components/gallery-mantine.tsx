import type { GalleryPhoto } from '@madreseh/contract/gallery/gallery.contract';
import { ActionIcon, Box, Group, Image, Modal, Pagination, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { MantineRoot } from '../../../app/mantine';
import { digitsToPersian } from '../../../lib/format';
import { galleryFa } from '../messages';

/**
 * The gallery's Mantine parts, in their own chunk: the lightbox (a modal with its focus trap and
 * scroll lock) and the page numbers, loaded when a photo is opened or there is more than one page,
 * not on a first visit (docs/decisions/0014).
 */

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

export function GalleryLightbox(props: {
  photos: GalleryPhoto[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  return (
    <MantineRoot>
      <Lightbox {...props} />
    </MantineRoot>
  );
}

export function GalleryPagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <MantineRoot>
      <Group justify="center" mt="lg">
        <Pagination
          total={total}
          value={value}
          onChange={onChange}
          getItemProps={(n) => ({ children: digitsToPersian(n) })}
        />
      </Group>
    </MantineRoot>
  );
}
