// Features do not import each other; a page that shows two features is put together here.
import { BackupCard } from '../../features/backups/components/backup-card';
import { DashboardHomePage } from '../../features/dashboard/pages/dashboard-home-page';

/** /dashboard: the school's figures, and for the super-admin the state of the backups. */
export function Component() {
  return <DashboardHomePage superAdminCards={<BackupCard />} />;
}
