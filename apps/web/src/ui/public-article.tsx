import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fa } from '../messages/fa';
import { Alert, Skeleton } from './kit-feedback';
import { PublicPage } from './kit-layout';
import { Anchor } from './kit-text';
import { PageHeader } from './page-header';

/**
 * One public item on its own address (a notice, an achievement): the way back, a placeholder while it
 * loads, «not found» when it does not exist, then its title, date line and body.
 */
export function PublicArticle<T>({
  item,
  backLabel,
  header,
  children,
}: {
  item: UseQueryResult<T, Error>;
  backLabel: string;
  header: (data: T) => { title: string; description: string };
  children: (data: T) => ReactNode;
}) {
  const data = item.data;
  return (
    <PublicPage width={860}>
      <Anchor component={Link} to="/" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
        {backLabel}
      </Anchor>
      {item.isPending && <Skeleton height={240} style={{ marginTop: 'var(--mantine-spacing-md)' }} />}
      {item.isError && (
        <Alert tone="gray" title={fa.errors.notFoundTitle} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {item.error.message}
        </Alert>
      )}
      {data !== undefined && (
        <article>
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <PageHeader {...header(data)} />
          </div>
          {children(data)}
        </article>
      )}
    </PublicPage>
  );
}
