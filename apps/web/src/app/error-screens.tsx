import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/school-profile';
import { fa } from '../messages/fa';
import { MantineRoot } from './mantine';

function ErrorScreen({ code, title, line, retry }: { code: string; title: string; line: string; retry?: boolean }) {
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={64} fw={800} c="brand.6" className="tabular" lh={1}>
          {code}
        </Text>
        <Title order={1} fz="h2" dir="ltr">
          {title}
        </Title>
        <Text c="dimmed">{line}</Text>
        <Stack gap="xs" mt="md">
          <Button component={Link} to="/">
            {fa.errors.goHome}
          </Button>
          {retry && (
            <Button variant="subtle" onClick={() => window.location.reload()}>
              {fa.errors.retry}
            </Button>
          )}
        </Stack>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  usePageTitle(fa.errors.notFoundTitle);
  return <ErrorScreen code="404" title={fa.errors.notFoundTitle} line={fa.errors.notFoundLine} />;
}

/** A super-admin page opened by an admin: said plainly, with the way back to the dashboard. */
export function SuperAdminOnlyPage() {
  usePageTitle(fa.errors.superAdminOnlyTitle);
  return (
    <Center mih="60vh" p="xl" data-testid="super-admin-only">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={56} fw={800} c="brand.6" className="tabular" lh={1}>
          ۴۰۳
        </Text>
        <Title order={1} fz="h2">
          {fa.errors.superAdminOnlyTitle}
        </Title>
        <Text c="dimmed">{fa.errors.superAdminOnlyLine}</Text>
        <Button component={Link} to="/dashboard" mt="md">
          {fa.errors.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}

/** Render and loader failures: 'Internal Server Error'; a 404 answer shows the 404 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <SuperAdminOnlyPage />;
  console.error(error);
  return <ErrorScreen code="500" title={fa.errors.internalTitle} line={fa.errors.internalLine} retry />;
}

/** The 404 page with its own Mantine, for error-pages.tsx. */
export function NotFoundScreen() {
  return (
    <MantineRoot>
      <NotFoundPage />
    </MantineRoot>
  );
}

/** The error page with its own Mantine, for error-pages.tsx. */
export function RouteErrorScreen() {
  return (
    <MantineRoot>
      <RouteErrorPage />
    </MantineRoot>
  );
}
