import type { ContactMessage } from '@madreseh/contract/contact/contact.contract';
import { Anchor, Badge, Button, Checkbox, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { digitsToPersian, formatJalaliDateTime } from '../../../lib/format';
import { EmptyNote } from '../../../ui/empty-note';
import { contactFa } from '../messages';

/** What the cards and the table share: the page's messages, the checked ones, and how to open one. */
export interface MessageListProps {
  items: ContactMessage[] | undefined;
  ids: number[];
  selected: number[];
  allSelected: boolean;
  onSelect: (ids: number[]) => void;
  onToggle: (id: number) => void;
  onOpen: (m: ContactMessage) => void;
}

/** A message's subject, which opens it, with a «new» badge while unread. */
function Subject({ m, onOpen }: { m: ContactMessage; onOpen: (m: ContactMessage) => void }) {
  return (
    <>
      <Anchor
        component="button"
        type="button"
        onClick={() => onOpen(m)}
        fw="inherit"
        ta="start"
        style={{ overflowWrap: 'anywhere' }}
      >
        {m.subject}
      </Anchor>
      {!m.read && (
        <Badge size="xs" ms={6} variant="filled">
          {contactFa.new}
        </Badge>
      )}
    </>
  );
}

/** The messages as cards, for phones. */
export function MessageCards({ items, ids, selected, allSelected, onSelect, onToggle, onOpen }: MessageListProps) {
  return (
    <Stack gap="xs">
      {ids.length > 0 && (
        <Checkbox
          label={contactFa.selectAll}
          checked={allSelected}
          onChange={() => onSelect(allSelected ? [] : ids)}
          px="sm"
        />
      )}
      {items?.map((m) => (
        <Paper
          key={m.id}
          withBorder
          radius="md"
          p="sm"
          data-testid="message-row"
          data-read={m.read}
          fw={m.read ? undefined : 700}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Checkbox
              aria-label={`${contactFa.select}: ${m.subject}`}
              checked={selected.includes(m.id)}
              onChange={() => onToggle(m.id)}
              mt={2}
            />
            <Stack gap={2} miw={0} flex={1}>
              <div>
                <Subject m={m} onOpen={onOpen} />
              </div>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fz="sm" fw="inherit">
                  {m.name}
                </Text>
                <Text fz="xs" c="dimmed" className="tabular">
                  {formatJalaliDateTime(m.createdAt)}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
      {items?.length === 0 && <EmptyNote boxed>{contactFa.empty}</EmptyNote>}
    </Stack>
  );
}

/** The messages as a table, on wide screens. */
export function MessageTable({ items, ids, selected, allSelected, onSelect, onToggle, onOpen }: MessageListProps) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table stickyHeader highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={contactFa.selectAll}
                  checked={allSelected}
                  onChange={() => onSelect(allSelected ? [] : ids)}
                />
              </Table.Th>
              <Table.Th>{contactFa.from}</Table.Th>
              <Table.Th>{contactFa.subject}</Table.Th>
              <Table.Th>{contactFa.date}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items?.map((m) => (
              <Table.Tr key={m.id} data-testid="message-row" data-read={m.read} fw={m.read ? undefined : 700}>
                <Table.Td>
                  <Checkbox
                    aria-label={`${contactFa.select}: ${m.subject}`}
                    checked={selected.includes(m.id)}
                    onChange={() => onToggle(m.id)}
                  />
                </Table.Td>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>
                  <Subject m={m} onOpen={onOpen} />
                </Table.Td>
                <Table.Td className="tabular">{formatJalaliDateTime(m.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items?.length === 0 && <EmptyNote>{contactFa.empty}</EmptyNote>}
    </Paper>
  );
}

/** One message read in full, with its read mark and delete. */
export function MessageDrawer({
  open,
  onClose,
  onToggleRead,
  onDelete,
}: {
  open: ContactMessage | null;
  onClose: () => void;
  onToggleRead: (m: ContactMessage) => void;
  onDelete: (m: ContactMessage) => void;
}) {
  return (
    <Drawer opened={open !== null} onClose={onClose} position="left" title={open?.subject} size="md">
      {open && (
        <Stack>
          <Text fw={500}>{open.name}</Text>
          <Text dir="ltr" ta="right" className="tabular">
            {digitsToPersian(open.replyTo)}
          </Text>
          <Text c="dimmed" fz="sm">
            {formatJalaliDateTime(open.createdAt)}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="message-body">
            {open.message}
          </Text>
          <Group>
            <Button variant="light" onClick={() => onToggleRead(open)}>
              {open.read ? contactFa.markUnread : contactFa.markRead}
            </Button>
            <Button variant="light" color="red" onClick={() => onDelete(open)}>
              {contactFa.delete}
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
