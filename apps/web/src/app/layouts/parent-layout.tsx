import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import {
  IconCalendarCheck,
  IconCreditCard,
  IconFileInvoice,
  IconHome,
  IconMessageCog,
  IconNews,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { Outlet, useParams, useRouteLoaderData } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ChildSwitcher } from '../../features/parents/components/child-switcher';
import { parentFa as t } from '../../features/parents/messages';
import { type AreaLink, AreaShell } from './area-shell';

/** The parent's links: for the chosen child once there is one. */
function linksOf(childId: string | undefined): AreaLink[] {
  if (!childId) return [{ to: '/parent', label: t.home, icon: IconHome, end: true }];
  const base = `/parent/${childId}`;
  return [
    { to: base, label: t.childHome, icon: IconHome, end: true },
    { to: `${base}/news`, label: t.news, icon: IconNews },
    { to: `${base}/report-card`, label: t.reportCard, icon: IconReportAnalytics },
    { to: `${base}/attendance`, label: t.attendance, icon: IconCalendarCheck },
    { to: `${base}/invoices`, label: t.invoices, icon: IconFileInvoice },
    { to: `${base}/card-to-card`, label: t.cardToCard, icon: IconCreditCard },
  ];
}

/** The parent area, phone-first: the child switcher on top of every page, bottom navigation on phones. */
export function Component() {
  const { user } = useRouteLoaderData('parent') as { user: SessionUser };
  const { childId } = useParams();
  const links = linksOf(childId);
  return (
    <AreaShell
      user={user}
      sections={[
        {
          links: [
            { to: '/parent', label: t.home, icon: IconHome, end: true },
            { to: '/parent/settings', label: t.settings, icon: IconMessageCog },
          ],
        },
        { links: links.slice(1) },
      ]}
      bottomNav={
        childId ? links.filter((l) => !l.to.endsWith('/card-to-card') && !l.to.endsWith('/attendance')) : undefined
      }
      navLabel={t.navLabel}
      headerExtra={<NotificationBell owner="parent" />}
    >
      <ChildSwitcher />
      <Outlet />
    </AreaShell>
  );
}
