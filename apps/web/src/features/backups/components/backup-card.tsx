import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseExport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { digitsToPersian, formatJalaliDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { backupStatusQuery, downloadBackup } from '../api';
import { backupsFa as m } from '../messages';

function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return m.kilobytes(digitsToPersian(Math.max(1, Math.round(bytes / 1024))));
  return m.megabytes(digitsToPersian((bytes / 1024 / 1024).toFixed(1)));
}

/** The super-admin's backup card: the latest backup, a warning when it is old, and «دریافت پشتیبان». */
export function BackupCard() {
  const qc = useQueryClient();
  const status = useQuery(backupStatusQuery());
  const [busy, setBusy] = useState(false);
  const s = status.data;

  const download = async () => {
    setBusy(true);
    try {
      await downloadBackup();
      toastSuccess(m.done);
    } catch (err) {
      toastError(err, m.failed);
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: backupStatusQuery().queryKey });
    }
  };

  return (
    <Card withBorder radius="md" padding="md" mt="md" data-testid="backup-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="h5">
            {m.title}
          </Title>
          {!s && <Skeleton h={16} w={220} />}
          {s?.last && (
            <>
              <Text fz="sm">{m.last(formatJalaliDateTime(s.last.at))}</Text>
              <Text fz="sm" c="dimmed">
                {m.size(sizeOf(s.last.bytes))}
              </Text>
            </>
          )}
          {s && !s.last && <Text fz="sm">{m.none}</Text>}
          {s && (
            <Text fz="xs" c="dimmed">
              {s.everyHours > 0 ? m.schedule(digitsToPersian(s.everyHours), digitsToPersian(s.keep)) : m.noSchedule}
            </Text>
          )}
        </Stack>
        <Button leftSection={<IconDatabaseExport size={18} />} loading={busy} onClick={download}>
          {busy ? m.downloading : m.download}
        </Button>
      </Group>
      {s?.stale && (
        <Alert mt="sm" color="orange" icon={<IconAlertTriangle />} data-testid="backup-warning">
          {m.stale}
        </Alert>
      )}
    </Card>
  );
}
