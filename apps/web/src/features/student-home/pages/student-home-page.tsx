import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useRouteLoaderData } from 'react-router';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';

/** The student's start page. Its cards (news, report card, balance) arrive with their features. */
export function Component() {
  const { user } = useRouteLoaderData('student') as { user: SessionUser };
  return (
    <>
      <PageHeader title={fa.student.home} description={fa.student.greeting(user.fullName)} />
      <Alert variant="light" color="gray" icon={<IconTools size={20} />} data-testid="not-built">
        {fa.notBuilt.line}
      </Alert>
    </>
  );
}
