import type { ReactNode } from 'react';
import { fa } from '../messages/fa';
import { type Crumb, PageHeader } from './page-header';

const HOME: Crumb = { label: fa.dashboard.home, to: '/dashboard' };

/** A staff page's header: its breadcrumbs start at the dashboard's home, then `crumbs`, if any. */
export function DashboardPageHeader({
  title,
  description,
  crumbs = [],
}: {
  title: string;
  description?: ReactNode;
  crumbs?: Crumb[];
}) {
  return <PageHeader title={title} description={description} crumbs={[HOME, ...crumbs]} />;
}
