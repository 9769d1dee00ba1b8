import { STUDENT_STATUS_LABELS } from '@madreseh/contract/students/students.contract';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { groupOptionsQuery, useIssuePasswords } from '../api';
import { studentsFa as t } from '../messages';

/** The list's search, class, status and order; each change goes back to the first page. */
export interface StudentFilterValues {
  q: string;
  groupId: string | null;
  status: string | null;
  sort: string;
}

export function StudentFilters({
  values,
  onChange,
}: {
  values: StudentFilterValues;
  onChange: (patch: Partial<StudentFilterValues>) => void;
}) {
  const groups = useQuery(groupOptionsQuery());
  return (
    <Paper withBorder p="sm" mb="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label={t.search}
          placeholder={t.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={values.q}
          onChange={(e) => onChange({ q: e.currentTarget.value })}
          type="search"
        />
        <Select
          label={t.group}
          placeholder={t.allGroups}
          data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={values.groupId}
          onChange={(v) => onChange({ groupId: v })}
          clearable
        />
        <Select
          label={t.status}
          placeholder={t.notArchived}
          data={[
            ...(['active', 'inactive', 'archived'] as const).map((s) => ({
              value: s,
              label: STUDENT_STATUS_LABELS[s],
            })),
            { value: 'all', label: t.all },
          ]}
          value={values.status}
          onChange={(v) => onChange({ status: v })}
          clearable
        />
        <Select
          label={t.sort}
          data={Object.entries(t.sorts).map(([value, label]) => ({ value, label }))}
          value={values.sort}
          onChange={(v) => onChange({ sort: v ?? 'name' })}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** What to do with the checked students: print their login slips (new passwords) or delete them. */
export function StudentBulkBar({ selected, onDelete }: { selected: Set<number>; onDelete: () => void }) {
  const slips = useIssuePasswords();
  const navigate = useNavigate();
  if (selected.size === 0) return null;
  return (
    <Alert color="brand" variant="light" mb="sm" data-testid="bulk-bar">
      <Group justify="space-between">
        <Text>{t.selected(formatNumber(selected.size))}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={16} />}
            loading={slips.isPending}
            onClick={() => {
              if (selected.size > 100) {
                notifications.show({ color: 'red', message: t.slipsLimit });
                return;
              }
              slips.mutate([...selected], {
                onSuccess: ({ items }) => navigate('/dashboard/student/login-slip', { state: { credentials: items } }),
                onError: (err) => notifications.show({ color: 'red', message: err.message }),
              });
            }}
          >
            {t.slipsSelected}
          </Button>
          <Button color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {t.deleteSelected}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
