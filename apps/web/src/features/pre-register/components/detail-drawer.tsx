import {
  PRE_REGISTER_NEXT,
  PRE_REGISTER_STATUS_LABELS,
  type PreRegisterStatus,
  type PreRegistration,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { Badge, Button, Card, Drawer, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatJalaliDateTime } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { fa } from '../../../messages/fa';
import { CopyableCode } from '../../../ui/copyable-code';
import { preRegistrationQuery, useSetPreRegisterStatus } from '../api';
import { fieldSections } from '../fields';
import { preRegFa } from '../messages';
import { STATUS_COLORS } from '../status-colors';
import { FieldTables } from './field-tables';

/** One pre-registration in full, its status changed with a note, and a link to its printed form. */
export function DetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ ...preRegistrationQuery(id ?? 0), enabled: id !== null });
  const r = detail.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="left" size="lg" title={preRegFa.details}>
      {r && (
        <Stack gap="md" data-testid="pre-register-detail">
          <Group justify="space-between">
            <Text fw={700}>
              {preRegFa.trackingCode}: <CopyableCode code={r.trackingCode} fz="inherit" />
            </Text>
            <Badge color={STATUS_COLORS[r.status]} variant="dot" data-testid="detail-status">
              {PRE_REGISTER_STATUS_LABELS[r.status]}
            </Badge>
          </Group>
          {r.statusChangedAt && r.statusChangedBy && (
            <Text fz="sm" c="dimmed">
              {preRegFa.changedBy(r.statusChangedBy, formatJalaliDateTime(r.statusChangedAt))}
            </Text>
          )}
          {r.adminNote && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preRegFa.adminNote}: {r.adminNote}
            </Text>
          )}
          <StatusChange r={r} />
          <FieldTables sections={fieldSections(r)} />
        </Stack>
      )}
    </Drawer>
  );
}

function StatusChange({ r }: { r: PreRegistration }) {
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    setNext(null);
    setNote(r.adminNote ?? '');
  }, [r.adminNote]);
  const setStatus = useSetPreRegisterStatus(r.id);
  const saveStatus = () =>
    setStatus.mutate(
      { status: (next ?? r.status) as PreRegisterStatus, adminNote: note },
      {
        onSuccess: () => notifications.show({ color: 'green', message: preRegFa.saved }),
        onError: (err) =>
          notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : fa.errors.internalLine }),
      },
    );
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Text fw={700}>{preRegFa.changeStatus}</Text>
        <Select
          label={preRegFa.newStatus}
          data={optionsOf(PRE_REGISTER_NEXT[r.status], PRE_REGISTER_STATUS_LABELS)}
          value={next}
          onChange={setNext}
        />
        <Textarea
          label={preRegFa.adminNote}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group>
          <Button onClick={saveStatus} loading={setStatus.isPending} disabled={!next}>
            {preRegFa.save}
          </Button>
          <Button
            component={Link}
            to={`/dashboard/pre-register/print/${r.id}`}
            variant="light"
            leftSection={<IconPrinter size={16} />}
          >
            {preRegFa.print}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
