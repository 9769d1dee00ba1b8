import { achievementContract } from './achievement/achievement.contract';
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
import { groupContract } from './group/group.contract';
import { newsContract } from './news/news.contract';
import { notificationsContract } from './notifications/notifications.contract';
import { parentContract } from './parent/parent.contract';
import { paymentsContract } from './payments/payments.contract';
import { preRegisterContract } from './pre-register/pre-register.contract';
import { reportCardContract } from './report-card/report-card.contract';
import { settingsContract } from './settings/settings.contract';
import { studentContract } from './student/student.contract';
import { systemContract } from './system/system.contract';
import { teacherContract } from './teacher/teacher.contract';

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
  achievement: achievementContract,
  dashboard: dashboardContract,
  contact: contactContract,
  preRegister: preRegisterContract,
  group: groupContract,
  student: studentContract,
  parent: parentContract,
  reportCard: reportCardContract,
  admins: adminsContract,
  backups: backupsContract,
  audit: auditContract,
  notifications: notificationsContract,
  teacher: teacherContract,
  attendance: attendanceContract,
  assessments: assessmentsContract,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(contract).flatMap((domain) => Object.values(domain) as Endpoint[]);
}
