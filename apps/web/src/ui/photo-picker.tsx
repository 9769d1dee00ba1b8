import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A round photo with "choose a photo" (JPEG, PNG or WebP) and, when there is one, "remove".
 * The caller uploads; progress (0…1) is shown while it runs.
 */
export function PhotoPicker({
  url,
  name,
  onUpload,
  onRemove,
}: {
  url: string | null;
  name: string;
  onUpload: (file: File, onProgress: (f: number) => void) => Promise<unknown>;
  onRemove?: () => Promise<unknown>;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={url} size={72} radius="xl" color="brand" alt={name}>
        {name.slice(0, 1)}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton
            accept="image/jpeg,image/png,image/webp"
            onChange={(file) => {
              if (!file) return;
              setProgress(0);
              void onUpload(file, setProgress).finally(() => setProgress(null));
            }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconCamera size={16} />}
                loading={progress !== null}
              >
                {url ? 'تغییر عکس' : 'انتخاب عکس'}
              </Button>
            )}
          </FileButton>
          {url && onRemove && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => void onRemove()}
            >
              حذف عکس
            </Button>
          )}
        </Group>
        {progress !== null ? (
          <Progress value={progress * 100} size="sm" w={160} aria-label="پیشرفت بارگذاری" />
        ) : (
          <Text size="xs" c="dimmed">
            JPEG، PNG یا WebP، حداکثر ۱۰ مگابایت
          </Text>
        )}
      </Stack>
    </Group>
  );
}
