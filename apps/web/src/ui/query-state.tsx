import { Alert, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
}

/**
 * The loading, error and empty states every list page shows before its content: a skeleton of
 * `height` while loading, the error's Persian message in red, `empty` in grey when `isEmpty`.
 */
export function QueryState({
  query,
  isEmpty,
  empty,
  height = 240,
  loading,
  children,
}: {
  query: QueryLike;
  isEmpty?: boolean;
  empty?: ReactNode;
  height?: number;
  /** Instead of one skeleton block (e.g. the shape of cards). */
  loading?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return loading ?? <Skeleton h={height} radius="md" />;
  if (query.isError) return <Alert color="red">{query.error?.message}</Alert>;
  if (isEmpty)
    return (
      <Alert color="gray" variant="light">
        {empty}
      </Alert>
    );
  return children;
}
