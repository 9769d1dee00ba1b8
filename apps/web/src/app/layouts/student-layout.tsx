import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import {
  IconCalendarCheck,
  IconCreditCard,
  IconFileInvoice,
  IconHome,
  IconNews,
  IconReportAnalytics,
  IconUser,
} from '@tabler/icons-react';
import { useRouteLoaderData } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { fa } from '../../messages/fa';
import { type AreaLink, AreaShell } from './area-shell';

export const STUDENT_LINKS: AreaLink[] = [
  { to: '/student', label: fa.student.home, icon: IconHome, end: true },
  { to: '/student/news', label: fa.student.news, icon: IconNews },
  { to: '/student/report-card', label: fa.student.reportCard, icon: IconReportAnalytics },
  { to: '/student/attendance', label: fa.student.attendance, icon: IconCalendarCheck },
  { to: '/student/invoices', label: fa.student.invoices, icon: IconFileInvoice },
  { to: '/student/card-to-card', label: fa.student.cardToCard, icon: IconCreditCard },
  { to: '/student/profile', label: fa.student.profile, icon: IconUser },
];

/** The student area: sidebar on desktop, bottom navigation on phones. */
export function Component() {
  const { user } = useRouteLoaderData('student') as { user: SessionUser };
  return (
    <AreaShell
      user={user}
      sections={[{ links: STUDENT_LINKS }]}
      bottomNav={STUDENT_LINKS.filter((l) => l.to !== '/student/card-to-card' && l.to !== '/student/attendance')}
      navLabel="منوی دانش‌آموز"
      headerExtra={<NotificationBell owner="student" />}
    />
  );
}
