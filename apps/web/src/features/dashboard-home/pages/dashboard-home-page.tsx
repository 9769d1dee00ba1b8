import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useRouteLoaderData } from 'react-router';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';

/** The dashboard's start page. Its figures arrive with the public-site, students and invoices features. */
export function Component() {
  const { user } = useRouteLoaderData('dashboard') as { user: SessionUser };
  return (
    <>
      <PageHeader title={fa.dashboard.home} description={fa.dashboard.greeting(user.fullName)} />
      <Alert variant="light" color="gray" icon={<IconTools size={20} />} data-testid="not-built">
        {fa.notBuilt.line}
      </Alert>
    </>
  );
}
