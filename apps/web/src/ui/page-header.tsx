import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/school-profile';

export interface Crumb {
  label: string;
  to?: string;
}

/** A page's title (also the document title), optional breadcrumbs and a line under it. */
export function PageHeader({
  title,
  description,
  crumbs,
}: {
  title: string;
  description?: ReactNode;
  crumbs?: Crumb[];
}) {
  usePageTitle(title);
  return (
    <Stack gap={4} mb="lg">
      {crumbs && crumbs.length > 0 && (
        <Breadcrumbs separator="‹" fz="sm">
          {crumbs.map((c) =>
            c.to ? (
              <Anchor key={c.label} component={Link} to={c.to} fz="sm">
                {c.label}
              </Anchor>
            ) : (
              <Text key={c.label} fz="sm" c="dimmed">
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
