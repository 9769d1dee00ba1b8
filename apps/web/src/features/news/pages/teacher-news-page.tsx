import type { TeacherNews } from '@madreseh/contract/news/news.contract';
import { Badge, Button, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatJalaliDateTime } from '../../../lib/format';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { QueryState } from '../../../ui/query-state';
import { useRowMenuHold } from '../../../ui/use-held-while';
import { newsQueries, useDeleteTeacherNews } from '../api';
import { NewsFormModal, NewsRowMenu, type NewsRowProps, useDeleteNewsItem } from '../components/news-list-parts';
import { TeacherNewsForm } from '../components/teacher-news-form';
import { newsFa } from '../messages';

const t = newsFa.teacher;

function TeacherNewsRow({ n, onEdit, onDelete, onMenuChange }: NewsRowProps<TeacherNews>) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="teacher-news-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} miw={0}>
          {n.title}
        </Text>
        <NewsRowMenu label={t.actions(n.title)} onEdit={onEdit} onDelete={onDelete} onOpenChange={onMenuChange} />
      </Group>
      <Group gap={6} mt={4} wrap="wrap">
        {n.groups.map((g) => (
          <Badge key={g.id} variant="light">
            {g.name}
          </Badge>
        ))}
        <Text fz="sm" c="dimmed" className="tabular">
          {formatJalaliDateTime(n.publishAt)}
        </Text>
      </Group>
      <Group align="flex-start" wrap="nowrap" mt="xs" gap="sm">
        {n.cover && <Image src={n.cover.thumb} alt="" w={96} h={64} radius="sm" fit="cover" />}
        <Text fz="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} miw={0}>
          {n.text}
        </Text>
      </Group>
    </Paper>
  );
}

/** /teacher/news: the news the teacher wrote to her classes; write, edit and delete her own. */
export function Component() {
  const [params] = useSearchParams();
  const fromClass = Number(params.get('group')) || null;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TeacherNews | null | 'new'>(fromClass ? 'new' : null);
  const list = useQuery({ ...newsQueries.teacherList(page), placeholderData: keepPreviousData });
  const remove = useDeleteTeacherNews();
  const deleting = useDeleteNewsItem<TeacherNews>(remove);
  const data = list.data;
  const shown = useRowMenuHold(data?.items);

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {t.create}
        </Button>
      </Group>
      <QueryState
        query={list}
        loading={<Skeleton h={160} radius="md" />}
        isEmpty={data?.items.length === 0}
        empty={t.empty}
      >
        <Stack gap="sm">
          {shown.items?.map((n) => (
            <TeacherNewsRow
              key={n.id}
              n={n}
              onEdit={() => setEditing(n)}
              onDelete={() => deleting.ask(n)}
              onMenuChange={shown.onMenuChange}
            />
          ))}
        </Stack>
      </QueryState>
      <PersianPagination of={data} page={page} onChange={setPage} />
      <NewsFormModal editing={editing} onClose={() => setEditing(null)} titles={t} size="lg">
        {(item) => <TeacherNewsForm editing={item} initialGroup={fromClass} onDone={() => setEditing(null)} />}
      </NewsFormModal>
      {deleting.modal}
    </>
  );
}
