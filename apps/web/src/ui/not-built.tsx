import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { fa } from '../messages/fa';
import { type Crumb, PageHeader } from './page-header';

/**
 * A page whose content is not built yet: its title and an honest sentence saying so. Used only
 * while the page's feature is still open work.
 */
export function NotBuiltPage({ title, crumbs }: { title: string; crumbs?: Crumb[] }) {
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <Alert variant="light" color="gray" icon={<IconTools size={20} />} data-testid="not-built">
        {fa.notBuilt.line}
      </Alert>
    </>
  );
}
