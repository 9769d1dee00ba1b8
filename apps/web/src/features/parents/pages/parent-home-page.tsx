import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteLoaderData } from 'react-router';
import { SavedCopyNotice } from '../../../ui/offline-notice';
import { PageHeader } from '../../../ui/page-header';
import { childrenQuery } from '../api';
import { ChildCard } from '../components/child-card';
import { PayAllCard } from '../components/pay-all-card';
import { parentFa as t } from '../messages';

/** The parent's start page (every child) and a child's start page (/parent/:childId). */
export function Component() {
  const { user } = useRouteLoaderData('parent') as { user: SessionUser };
  const { childId } = useParams();
  const q = useQuery(childrenQuery());
  const shown = q.data?.items.filter((c) => !childId || String(c.id) === childId) ?? [];
  return (
    <>
      <PageHeader title={t.home} description={t.greeting(user.fullName)} />
      {/* Offline, the children come from the copy saved on the phone (what each owes needs the network). */}
      <SavedCopyNotice />
      {q.isPending && <Skeleton h={200} radius="md" />}
      {q.isError && <Alert color="red">{q.error.message}</Alert>}
      {q.data && shown.length === 0 && <Alert color="gray">{t.noChildren}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {shown.map((c) => (
          <ChildCard key={c.id} child={c} />
        ))}
      </SimpleGrid>
      {/* Below the children: it appears once every child's invoices have come, and above them it pushed
          the cards down under the parent's eyes (a layout shift of 0.36 on a phone). */}
      {!childId && shown.length > 1 && <PayAllCard items={shown} />}
    </>
  );
}
