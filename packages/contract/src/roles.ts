export const ROLES = ['student', 'admin', 'super-admin', 'teacher', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** Staff roles: both reach the dashboard. */
export const STAFF: readonly Role[] = ['admin', 'super-admin'];
export const STUDENT: readonly Role[] = ['student'];
export const TEACHER: readonly Role[] = ['teacher'];
/** Who takes attendance: the teacher of the class, or staff. */
export const TEACHER_OR_STAFF: readonly Role[] = ['teacher', 'admin', 'super-admin'];
export const SUPER_ADMIN: readonly Role[] = ['super-admin'];
export const PARENT: readonly Role[] = ['parent'];
/** Every signed-in role (sign out, token check, home redirect). */
export const SIGNED_IN: readonly Role[] = ROLES;

export const HOME_PATHS = ['/student', '/teacher', '/parent', '/dashboard'] as const;
export type HomePath = (typeof HOME_PATHS)[number];

/** The area each role lands on after login (the school portal's redirect rules). */
export function homePathOf(role: Role): HomePath {
  if (role === 'student') return '/student';
  if (role === 'teacher') return '/teacher';
  if (role === 'parent') return '/parent';
  return '/dashboard';
}

export const ROLE_LABELS: Record<Role, string> = {
  student: 'دانش‌آموز',
  teacher: 'معلم',
  admin: 'مدیر',
  'super-admin': 'مدیر ارشد',
  parent: 'ولی',
};
