export const ROLES = ['student', 'admin', 'super-admin'] as const;
export type Role = (typeof ROLES)[number];

/** Staff roles: both reach the dashboard. */
export const STAFF: readonly Role[] = ['admin', 'super-admin'];
export const STUDENT: readonly Role[] = ['student'];
export const SUPER_ADMIN: readonly Role[] = ['super-admin'];

/** The area each role lands on after login (the school portal's redirect rules). */
export function homePathOf(role: Role): '/student' | '/dashboard' {
  return role === 'student' ? '/student' : '/dashboard';
}

export const ROLE_LABELS: Record<Role, string> = {
  student: 'دانش‌آموز',
  admin: 'مدیر',
  'super-admin': 'مدیر ارشد',
};
