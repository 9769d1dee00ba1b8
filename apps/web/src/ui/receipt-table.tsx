import { Anchor, Button, Group, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from './brand';
import { SignatureBox } from './signature-box';

/**
 * The head of a printable receipt: on screen a way back and the print button (not printed), then the
 * school's letterhead and the receipt's title.
 */
export function ReceiptHead(props: { back: string; backLabel: string; printLabel: string; title: string }) {
  return (
    <>
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to={props.back}>
          {props.backLabel}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {props.printLabel}
        </Button>
      </Group>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Brand size={52} full />
        <Title order={1} fz={22}>
          {props.title}
        </Title>
      </Group>
    </>
  );
}

/** The foot of a printable receipt: where the principal signs and stamps, and a line of the school's. */
export function ReceiptFoot({ signature, line }: { signature: string; line: string }) {
  return (
    <>
      <Group justify="flex-end" wrap="nowrap" fz="sm">
        <SignatureBox label={signature} stamp width={240} />
      </Group>
      <Text fz="sm" c="dimmed">
        {line}
      </Text>
    </>
  );
}

/** A printed receipt's table of facts: a label and its value on each row, ruled as an official paper. */
export function ReceiptTable({ children }: { children: ReactNode }) {
  return (
    <table className="receipt-table" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>{children}</tbody>
    </table>
  );
}

const cell = { border: '1px solid #333', padding: '6px 8px' } as const;

/** One row of a receipt table. */
export function ReceiptRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <tr>
      <th style={{ ...cell, width: '30%', textAlign: 'start' }}>{label}</th>
      <td style={{ ...cell, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </td>
    </tr>
  );
}
