import type { Credentials } from '@madreseh/contract/students/students.contract';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../../lib/school-profile';
import { LoginSlipsPage } from '../../../ui/login-slip';
import { studentsFa as t } from '../messages';

/** Printable A4 login slips of students (or of a parent, `state.parent`). */
export function Component() {
  const state = useLocation().state as { credentials?: Credentials[]; parent?: boolean } | null;
  const parent = state?.parent === true;
  usePageTitle(t.slip.title);
  return (
    <LoginSlipsPage
      back={{ to: '/dashboard/student/list', label: t.slip.back }}
      missing={t.slip.missing}
      slips={(state?.credentials ?? []).map((c) => ({
        key: c.studentId,
        title: parent ? t.parentSlip.title : t.slip.title,
        rows: [
          { label: parent ? t.parentSlip.parent : t.slip.student, value: c.fullName },
          { label: parent ? t.parentSlip.children : t.slip.group, value: c.groupName ?? '—' },
        ],
        username: c.username,
        password: c.password,
        hint: parent ? t.parentSlip.hint : t.slip.hint,
      }))}
    />
  );
}
