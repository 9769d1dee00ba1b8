import type { Achievement } from '@madreseh/contract/achievements/achievements.contract';
import { ActionIcon, Alert, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEdit, IconTrash, IconTrophy } from '@tabler/icons-react';
import { formatJalaliDate } from '../../../lib/format';
import { EmptyNote } from '../../../ui/empty-note';
import { achievementsFa } from '../messages';

const m = achievementsFa.admin;

interface RowActions {
  moving: boolean;
  onEdit: (a: Achievement) => void;
  onDelete: (a: Achievement) => void;
}

type RowProps = RowActions & { a: Achievement; i: number; last: boolean; onMove: (i: number, by: -1 | 1) => void };

/** The achievements of the page in display order, or placeholders while loading, or why there are none. */
export function AchievementAdminList({
  pending,
  failed,
  items,
  onReorder,
  ...actions
}: RowActions & { pending: boolean; failed: boolean; items: Achievement[]; onReorder: (ids: number[]) => void }) {
  const move = (i: number, by: -1 | 1) => {
    const ids = items.map((a) => a.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j] as number, ids[i] as number];
    onReorder(ids);
  };
  if (pending) {
    return (
      <Stack>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={i} h={84} radius="md" />
        ))}
      </Stack>
    );
  }
  if (failed) {
    return (
      <Alert color="red" variant="light">
        {achievementsFa.loadFailed}
      </Alert>
    );
  }
  if (items.length === 0) return <EmptyNote py="xl">{m.empty}</EmptyNote>;
  return (
    <Stack gap="sm" data-testid="admin-achievements">
      {items.map((a, i) => (
        <AchievementRow key={a.id} a={a} i={i} last={i === items.length - 1} onMove={move} {...actions} />
      ))}
    </Stack>
  );
}

function AchievementRow({ a, i, last, moving, onMove, onEdit, onDelete }: RowProps) {
  return (
    <Card withBorder padding="sm" data-testid="admin-achievement">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" align="flex-start" style={{ minWidth: 0 }}>
          {a.image ? (
            <img
              src={a.image.thumb}
              alt=""
              width={72}
              height={54}
              style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0 }}
            />
          ) : (
            <IconTrophy size={36} color="var(--mantine-color-yellow-6)" style={{ flexShrink: 0 }} />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {a.title}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatJalaliDate(a.date)}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`${m.moveUp} ${a.title}`}
            disabled={i === 0 || moving}
            onClick={() => onMove(i, -1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`${m.moveDown} ${a.title}`}
            disabled={last || moving}
            onClick={() => onMove(i, 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="light" aria-label={`${m.edit} ${a.title}`} onClick={() => onEdit(a)}>
            <IconEdit size={16} />
          </ActionIcon>
          <ActionIcon variant="light" color="red" aria-label={`${m.delete} ${a.title}`} onClick={() => onDelete(a)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}
