import type { TeacherCredentials } from '@madreseh/contract/teachers/teachers.contract';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../../lib/school-profile';
import { LoginSlipsPage } from '../../../ui/login-slip';
import { teachersFa as t } from '../messages';

/** A teacher's printable A4 login slip. */
export function Component() {
  const c = (useLocation().state as { credentials?: TeacherCredentials } | null)?.credentials;
  usePageTitle(t.slip.title);
  return (
    <LoginSlipsPage
      back={{ to: '/dashboard/teachers', label: t.slip.back }}
      missing={t.slip.missing}
      slips={
        c
          ? [
              {
                key: c.username,
                title: t.slip.title,
                rows: [{ label: t.slip.teacher, value: c.fullName }],
                username: c.username,
                password: c.password,
                hint: t.slip.hint,
              },
            ]
          : []
      }
    />
  );
}
