import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import {
  IconAward,
  IconBellCog,
  IconBellRinging,
  IconCalendarCheck,
  IconChalkboard,
  IconClipboardList,
  IconFileInvoice,
  IconHistory,
  IconHourglass,
  IconLayoutDashboard,
  IconMail,
  IconNews,
  IconPhoto,
  IconReceipt,
  IconReportAnalytics,
  IconSchool,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { signInFa } from '../../features/auth/messages';
import { pm } from '../../features/payments/messages';
import { fa } from '../../messages/fa';
import { type AreaSection, AreaShell } from './area-shell';

export const DASHBOARD_SECTIONS: AreaSection[] = [
  {
    links: [
      { to: '/dashboard', label: fa.dashboard.home, icon: IconLayoutDashboard, end: true },
      { to: '/dashboard/contact-us', label: fa.dashboard.messages, icon: IconMail },
      { to: '/dashboard/news', label: fa.dashboard.news, icon: IconNews },
      { to: '/dashboard/achievement', label: fa.dashboard.achievements, icon: IconAward },
      { to: '/dashboard/gallery', label: fa.dashboard.gallery, icon: IconPhoto },
      { to: '/dashboard/pre-register', label: fa.dashboard.preRegister, icon: IconClipboardList },
      { to: '/dashboard/student/list', label: fa.dashboard.students, icon: IconUsers },
      { to: '/dashboard/group', label: fa.dashboard.classes, icon: IconChalkboard },
      { to: '/dashboard/teachers', label: fa.dashboard.teachers, icon: IconSchool },
      { to: '/dashboard/attendance', label: fa.dashboard.attendance, icon: IconCalendarCheck },
      { to: '/dashboard/report-card', label: 'کارنامه‌ها', icon: IconReportAnalytics },
      { to: '/dashboard/invoices', label: pm.invoicesTitle, icon: IconFileInvoice },
      { to: '/dashboard/payments/pending', label: pm.pendingQueue, icon: IconReceipt },
      { to: '/dashboard/notifications/message', label: 'پیام به اولیا', icon: IconBellRinging },
      { to: '/dashboard/settings', label: fa.dashboard.settings, icon: IconSettings },
      { to: '/dashboard/audit', label: fa.dashboard.audit, icon: IconHistory },
      { to: '/dashboard/sign-in', label: signInFa.title, icon: IconHourglass },
    ],
  },
];

export const SUPER_ADMIN_SECTION: AreaSection = {
  title: fa.dashboard.superAdminSection,
  links: [
    { to: '/dashboard/admins', label: fa.dashboard.admins, icon: IconShieldLock },
    { to: '/dashboard/notifications/settings', label: 'اعلان و پیامک', icon: IconBellCog },
  ],
};

/** Loaded only for the one who needs it: a super-admin still on the published demo password. */
const DemoPasswordPrompt = lazy(() =>
  import('../../features/auth/demo-password-prompt').then((m) => ({ default: m.DemoPasswordPrompt })),
);

/** The administration dashboard; a super-admin also sees the items only they may use. */
export function Component() {
  const { user } = useRouteLoaderData('dashboard') as { user: SessionUser };
  const sections = user.role === 'super-admin' ? [...DASHBOARD_SECTIONS, SUPER_ADMIN_SECTION] : DASHBOARD_SECTIONS;
  const { key } = useLocation();
  return (
    <AreaShell user={user} sections={sections} navLabel="منوی مدیریت">
      {/* Keyed by the page view: «بعداً» hides it until the next page. */}
      {user.demoPassword ? (
        <Suspense fallback={null}>
          <DemoPasswordPrompt key={key} />
        </Suspense>
      ) : null}
      <Outlet />
    </AreaShell>
  );
}
