import type { PaymentView } from '@madreseh/contract/payments/payment-schemas';
import { Button, Group, Image, Modal, Stack, Textarea, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatJalaliDateTime } from '../../../lib/format';
import { useApproveReceipt, useRejectReceipt } from '../api';
import { pm } from '../messages';

/** Approve / reject buttons for a pending card-to-card receipt, its zoomable photo and the reject reason dialog. */
export function ReceiptReview({ payment }: { payment: PaymentView }) {
  const [zoom, setZoom] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    setRejecting(false);
  };
  const approve = useApproveReceipt(payment.id, {
    onSuccess: () => done(pm.approved),
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  const reject = useRejectReceipt(payment.id, { onSuccess: () => done(pm.rejected) });
  return (
    <Stack gap="xs" mt={4}>
      {payment.transferredAt && (
        <span style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
          {pm.transferAt}: {formatJalaliDateTime(payment.transferredAt)}
        </span>
      )}
      {payment.receiptThumbUrl && (
        <UnstyledButton onClick={() => setZoom(true)} aria-label={pm.receiptAlt} w={120}>
          <Image src={payment.receiptThumbUrl} alt={pm.receiptAlt} radius="sm" w={120} />
        </UnstyledButton>
      )}
      {payment.status === 'pending' && payment.method === 'card_to_card' && (
        <Group gap="xs">
          <Button size="xs" color="teal" loading={approve.isPending} onClick={() => approve.mutate()}>
            {pm.approve}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setRejecting(true)}>
            {pm.reject}
          </Button>
        </Group>
      )}
      <Modal opened={zoom} onClose={() => setZoom(false)} title={pm.receiptAlt} size="xl" centered>
        {payment.receiptUrl && <Image src={payment.receiptUrl} alt={pm.receiptAlt} fit="contain" mah="80vh" />}
      </Modal>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={pm.rejectTitle} centered>
        <Stack>
          <Textarea
            label={pm.rejectReason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reject.error instanceof Error ? reject.error.message : undefined}
            required
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {pm.cancel}
            </Button>
            <Button color="red" loading={reject.isPending} onClick={() => reject.mutate(reason)}>
              {pm.reject}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
