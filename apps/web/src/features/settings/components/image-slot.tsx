import type { ImageRef } from '@madreseh/contract/images';
import type { SchoolImageKind } from '@madreseh/contract/settings/settings.contract';
import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useRemoveSchoolImage, useUploadSchoolImage } from '../api';
import { settingsFa } from '../messages';

/** One of the school's images: shown, uploaded anew or removed (or only shown, when `readOnly`). */
export function ImageSlot({
  kind,
  label,
  image,
  hint,
  readOnly = false,
}: {
  kind: SchoolImageKind;
  label: string;
  image: ImageRef | null;
  hint?: string;
  readOnly?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadSchoolImage(kind, setProgress);
  const remove = useRemoveSchoolImage(kind);
  return (
    <Stack gap="xs">
      <Text fw={500}>{label}</Text>
      {image ? (
        <Image
          src={image.thumb}
          alt={label}
          h={kind === 'hero' ? 140 : 96}
          w={kind === 'hero' ? '100%' : kind === 'stamp' ? 160 : 96}
          fit={kind === 'hero' ? 'cover' : 'contain'}
          radius="md"
          bg="gray.0"
        />
      ) : (
        <Text c="dimmed" fz="sm">
          {settingsFa.none}
        </Text>
      )}
      {hint && (
        <Text c="dimmed" fz="xs">
          {hint}
        </Text>
      )}
      {progress !== null && <Progress value={progress * 100} aria-label={label} />}
      {!readOnly && (
        <Group gap="xs">
          <FileButton
            accept="image/jpeg,image/png,image/webp"
            onChange={(f) =>
              f &&
              upload.mutate(f, {
                onSuccess: () => toastSuccess(settingsFa.imageSaved),
                onError: (err) => toastError(err),
              })
            }
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                {settingsFa.upload}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => remove.mutate()}
              loading={remove.isPending}
            >
              {settingsFa.remove}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
