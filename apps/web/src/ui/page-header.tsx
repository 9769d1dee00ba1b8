import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/school-profile';
import { M } from './kit-classes';
import { Stack } from './kit-layout';
import { Anchor, Text, Title } from './kit-text';
import classes from './public.module.css';

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
    <Stack gap={4} style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
      {crumbs && crumbs.length > 0 && (
        <div className={M.breadcrumbs} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
          {crumbs.map((c, i) => (
            <Fragment key={c.label}>
              {i > 0 && <div className={M.breadcrumbSeparator}>‹</div>}
              {c.to ? (
                <Anchor
                  component={Link}
                  to={c.to}
                  className={M.breadcrumb}
                  style={{ fontSize: 'var(--mantine-font-size-sm)' }}
                >
                  {c.label}
                </Anchor>
              ) : (
                <Text
                  className={M.breadcrumb}
                  style={{ color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' }}
                >
                  {c.label}
                </Text>
              )}
            </Fragment>
          ))}
        </div>
      )}
      <Title order={1} className={classes.pageTitle}>
        {title}
      </Title>
      {description && <Text style={{ color: 'var(--mantine-color-dimmed)' }}>{description}</Text>}
    </Stack>
  );
}
