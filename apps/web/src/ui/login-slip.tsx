import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatJalaliDate } from '../lib/format';
import { Brand } from './brand';
import { SignatureBox } from './signature-box';

const WORDS = {
  username: 'نام کاربری',
  password: 'رمز عبور',
  address: 'نشانی ورود',
  stamp: 'مهر و امضای مدرسه',
  print: 'چاپ',
};

export interface SlipContent {
  key: string | number;
  /** The slip's heading: «برگهٔ ورود دانش‌آموز», «… معلم», «… ولی». */
  title: string;
  /** Rows above the username: who it is for, their class or children. */
  rows: { label: string; value: string }[];
  username: string;
  password: string;
  /** What to do after the first sign-in. */
  hint: string;
}

/** One A4 login slip: the school, the date, who it is for, username and password, the sign-in address. */
function Slip({ slip }: { slip: SlipContent }) {
  return (
    <Stack
      gap="md"
      data-testid="login-slip-item"
      style={{ breakInside: 'avoid', paddingBottom: 24, borderBottom: '1px dashed #999' }}
    >
      <Group justify="space-between" align="center">
        <Brand size={44} full />
        <Text size="sm">{formatJalaliDate(new Date())}</Text>
      </Group>
      <Title order={2} fz="h3" ta="center">
        {slip.title}
      </Title>
      <Table withTableBorder withColumnBorders fz="md">
        <Table.Tbody>
          {slip.rows.map((r, i) => (
            <Table.Tr key={r.label}>
              <Table.Th w={i === 0 ? '35%' : undefined}>{r.label}</Table.Th>
              <Table.Td>{r.value}</Table.Td>
            </Table.Tr>
          ))}
          {(['username', 'password'] as const).map((k) => (
            <Table.Tr key={k}>
              <Table.Th>{WORDS[k]}</Table.Th>
              <Table.Td dir="ltr" ta="right" ff="monospace" data-testid={`slip-${k}`}>
                {slip[k]}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>{WORDS.address}</Table.Th>
            <Table.Td dir="ltr" ta="right">
              {`${window.location.origin}/auth`}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">{slip.hint}</Text>
      <Group justify="flex-end" fz="sm">
        <SignatureBox label={WORDS.stamp} stamp room={56} width={200} />
      </Group>
    </Stack>
  );
}

/**
 * The printable page of login slips (students, parents, teachers). The passwords travel only in the
 * page's history state, never in the URL: without them (a reload, a shared link) the page says so and
 * leads back to the list.
 */
export function LoginSlipsPage({
  slips,
  back,
  missing,
}: {
  slips: SlipContent[];
  back: { to: string; label: string };
  missing: string;
}) {
  const backLink = (
    <Anchor component={Link} to={back.to}>
      {back.label}
    </Anchor>
  );
  if (slips.length === 0) {
    return (
      <Stack>
        <Alert color="yellow">{missing}</Alert>
        {backLink}
      </Stack>
    );
  }
  return (
    <Stack gap="xl" data-testid="login-slip">
      <Group justify="space-between" className="no-print">
        {backLink}
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {WORDS.print}
        </Button>
      </Group>
      {slips.map((s) => (
        <Slip key={s.key} slip={s} />
      ))}
    </Stack>
  );
}
