export const ROLES = ['student', 'admin', 'super-admin', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** Staff roles: both reach the dashboard. */
export const STAFF: readonly Role[] = ['admin', 'super-admin'];
export const STUDENT: readonly Role[] = ['student'];
export const SUPER_ADMIN: readonly Role[] = ['super-admin'];
export const PARENT: readonly Role[] = ['parent'];
/** Every signed-in role (sign out, token check, home redirect). */
export const SIGNED_IN: readonly Role[] = ROLES;

export const HOME_PATHS = ['/student', '/parent', '/dashboard'] as const;
export type HomePath = (typeof HOME_PATHS)[number];

/** The area each role lands on after login (the school portal's redirect rules). */
export function homePathOf(role: Role): HomePath {
  if (role === 'student') return '/student';
  if (role === 'parent') return '/parent';
  return '/dashboard';
}

export const ROLE_LABELS: Record<Role, string> = {
  student: 'دانش‌آموز',
  admin: 'مدیر',
  'super-admin': 'مدیر ارشد',
  parent: 'ولی',
};
