import { achievementsContract } from './achievements/achievements.contract';
import { adminsContract } from './admins/admins.contract';
import { assessmentsContract } from './assessments/assessments.contract';
import { attendanceContract } from './attendance/attendance.contract';
import { auditContract } from './audit/audit.contract';
import { authContract } from './auth/auth.contract';
import { backupsContract } from './backups/backups.contract';
import { contactContract } from './contact/contact.contract';
import { dashboardContract } from './dashboard/dashboard.contract';
import type { Endpoint } from './endpoint';
import { galleryContract } from './gallery/gallery.contract';
import { groupsContract } from './groups/groups.contract';
import { newsContract } from './news/news.contract';
import { notificationsContract } from './notifications/notifications.contract';
import { parentsContract } from './parents/parents.contract';
import { paymentsContract } from './payments/payments.contract';
import { preRegisterContract } from './pre-register/pre-register.contract';
import { reportCardsContract } from './report-cards/report-cards.contract';
import { settingsContract } from './settings/settings.contract';
import { studentsContract } from './students/students.contract';
import { systemContract } from './system/system.contract';
import { teachersContract } from './teachers/teachers.contract';

/**
 * Every endpoint of the API, by domain. The server registers routes from this table and the
 * authorization test walks it; an endpoint that is not here does not exist.
 */
export const contract = {
  auth: authContract,
  payments: paymentsContract,
  system: systemContract,
  settings: settingsContract,
  news: newsContract,
  gallery: galleryContract,
  achievement: achievementsContract,
  dashboard: dashboardContract,
  contact: contactContract,
  preRegister: preRegisterContract,
  group: groupsContract,
  student: studentsContract,
  parent: parentsContract,
  reportCard: reportCardsContract,
  admins: adminsContract,
  backups: backupsContract,
  audit: auditContract,
  notifications: notificationsContract,
  teacher: teachersContract,
  attendance: attendanceContract,
  assessments: assessmentsContract,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(contract).flatMap((domain) => Object.values(domain) as Endpoint[]);
}
