import type { Grid } from '@madreseh/contract/report-cards/report-cards.contract';
import { TERM_LABELS } from '@madreseh/contract/terms';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Blocker } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useFillFromMarks, type usePublish } from '../api';
import { reportCardsFa as t } from '../messages';

export type Asking = 'publish' | 'withdraw' | null;
export type FillTarget = { id: number; name: string };

/** Publishing or withdrawing a whole class is confirmed first; withdrawing asks why (audited). */
export function PublishModal({
  grid,
  asking,
  publish,
  onClose,
}: {
  grid: Grid;
  asking: Asking;
  publish: ReturnType<typeof usePublish>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const graded = grid.rows.filter((r) => Object.keys(r.grades).length > 0).length;

  const doPublish = (published: boolean, why?: string) =>
    publish.mutate(
      { groupId: grid.group.id, term: grid.term, published, ...(published ? {} : { reason: why }) },
      {
        onSuccess: (r) => {
          onClose();
          setReason('');
          notifications.show({
            color: 'green',
            message: published ? t.publishedDone(formatNumber(r.count)) : t.unpublishedDone,
          });
        },
        onError: (err) => notifications.show({ color: 'red', message: err.message }),
      },
    );

  return (
    <Modal
      opened={asking !== null}
      onClose={onClose}
      title={asking === 'withdraw' ? t.withdrawTitle : t.publishTitle}
      centered
    >
      <Stack>
        {asking === 'publish' ? (
          <Text data-testid="publish-preview">{t.publishPreview(formatNumber(graded), grid.group.name)}</Text>
        ) : (
          <Textarea
            label={t.withdrawReason}
            description={t.withdrawHint}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            color={asking === 'withdraw' ? 'red' : undefined}
            loading={publish.isPending}
            disabled={asking === 'withdraw' && reason.trim().length < 3}
            onClick={() => doPublish(asking === 'publish', reason.trim())}
          >
            {asking === 'withdraw' ? t.withdrawConfirm : t.publishConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A teacher fills a column from her continuous marks; the grades stay editable afterwards. */
export function FillModal({ grid, filling, onClose }: { grid: Grid; filling: FillTarget | null; onClose: () => void }) {
  const fill = useFillFromMarks();
  const doFill = () => {
    if (!filling) return;
    fill.mutate(
      { groupId: grid.group.id, subjectId: filling.id, term: grid.term },
      {
        onSuccess: (r) => {
          onClose();
          notifications.show({
            color: 'green',
            message: t.filled(filling.name, formatNumber(r.filled), formatNumber(r.skipped)),
          });
        },
        onError: (err) => {
          onClose();
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  return (
    <Modal opened={filling !== null} onClose={onClose} title={t.fillTitle} centered>
      <Stack>
        <Text data-testid="fill-preview">{filling ? t.fillText(filling.name, TERM_LABELS[grid.term]) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button loading={fill.isPending} onClick={doFill} data-testid="fill-confirm">
            {t.fillConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before leaving the page with grades that are not saved. */
export function LeaveModal({ blocker }: { blocker: Blocker }) {
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t.leaveTitle}>
      <Text>{t.leaveText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t.stay}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t.leave}
        </Button>
      </Group>
    </Modal>
  );
}
