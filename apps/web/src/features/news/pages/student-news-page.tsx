import { Badge, Card, Group, Image, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { digitsToPersian, formatJalaliDate } from '../../../lib/format';
import { PageHeader } from '../../../ui/page-header';
import { newsQueries } from '../api';
import { newsFa } from '../messages';

/** The student's news: for all students or the student's own class, pinned first, newest first. */
export function Component() {
  const [page, setPage] = useState(1);
  const list = useQuery(newsQueries.studentList(page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <>
      <PageHeader title={newsFa.studentTitle} description={newsFa.studentLine} />
      {list.isPending && (
        <Stack>
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </Stack>
      )}
      {list.data?.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {newsFa.studentEmpty}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {list.data?.items.map((n) => (
          <Card
            key={n.id}
            component={Link}
            to={`/student/news/${n.id}`}
            withBorder
            radius="md"
            padding="md"
            data-testid="student-news"
          >
            {n.cover && (
              <Card.Section mb="sm">
                <Image
                  src={n.cover.thumb}
                  srcSet={n.cover.srcSet}
                  sizes="(max-width: 48em) 100vw, 50vw"
                  alt=""
                  h={160}
                  loading="lazy"
                />
              </Card.Section>
            )}
            <Group gap={6} wrap="nowrap" mb={4}>
              {n.pinned && (
                <Badge leftSection={<IconPin size={12} />} variant="light" size="sm">
                  {newsFa.pinned}
                </Badge>
              )}
              <Text fz="xs" c="dimmed">
                {formatJalaliDate(n.publishAt)}
              </Text>
            </Group>
            <Title order={2} fz="lg">
              {n.title}
            </Title>
            {n.summary && (
              <Text c="dimmed" fz="sm" mt={4} lineClamp={3}>
                {n.summary}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getItemProps={(p) => ({ children: digitsToPersian(p) })}
          />
        </Group>
      )}
    </>
  );
}
