import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useViewer, viewerPath, wordsFor } from '../../../lib/viewer';
import { EmptyNote } from '../../../ui/empty-note';
import { NewsCard } from '../../../ui/news-card';
import { SavedCopyNotice } from '../../../ui/offline-notice';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { newsQueries } from '../api';
import { newsFa } from '../messages';

/** The student's news (or, for a parent, the chosen child's): for all students or the student's own class, pinned first, newest first. */
export function Component() {
  const viewer = useViewer();
  const [page, setPage] = useState(1);
  const list = useQuery(newsQueries.studentList(page, viewer));
  return (
    <>
      <PageHeader title={newsFa.studentTitle} description={wordsFor(viewer, newsFa.studentLine)} />
      <SavedCopyNotice />
      {list.isPending && (
        <Stack>
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </Stack>
      )}
      {list.data?.items.length === 0 && <EmptyNote py="xl">{wordsFor(viewer, newsFa.studentEmpty)}</EmptyNote>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {list.data?.items.map((n) => (
          <NewsCard
            key={n.id}
            news={n}
            to={viewerPath(viewer, `news/${n.id}`)}
            sizes="(max-width: 48em) 100vw, 50vw"
            headingOrder={2}
            testId="student-news"
          />
        ))}
      </SimpleGrid>
      <PersianPagination of={list.data} page={page} onChange={setPage} />
    </>
  );
}
