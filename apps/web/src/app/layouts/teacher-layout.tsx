import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { IconChalkboard, IconChecklist, IconListNumbers, IconNews, IconReportAnalytics } from '@tabler/icons-react';
import { useRouteLoaderData } from 'react-router';
import { fa } from '../../messages/fa';
import { type AreaLink, AreaShell } from './area-shell';

export const TEACHER_LINKS: AreaLink[] = [
  { to: '/teacher', label: fa.teacher.home, icon: IconChalkboard, end: true },
  { to: '/teacher/attendance', label: fa.teacher.attendance, icon: IconChecklist },
  { to: '/teacher/marks', label: fa.teacher.marks, icon: IconListNumbers },
  { to: '/teacher/grades', label: fa.teacher.grades, icon: IconReportAnalytics },
  { to: '/teacher/news', label: fa.teacher.news, icon: IconNews },
];

/** The teacher area, phone first: sidebar on desktop, bottom navigation on phones. */
export function Component() {
  const { user } = useRouteLoaderData('teacher') as { user: SessionUser };
  return <AreaShell user={user} sections={[{ links: TEACHER_LINKS }]} bottomNav={TEACHER_LINKS} navLabel="منوی معلم" />;
}
