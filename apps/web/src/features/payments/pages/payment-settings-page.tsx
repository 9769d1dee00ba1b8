import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { PaymentSettingsSection } from '../components/payment-settings-section';
import { pm } from '../messages';

/** Payment settings on a page of their own, until the settings page mounts the section. */
export function Component() {
  return (
    <>
      <PageHeader
        title={pm.settingsTitle}
        crumbs={[
          { label: fa.dashboard.home, to: '/dashboard' },
          { label: fa.dashboard.settings, to: '/dashboard/settings' },
        ]}
      />
      <PaymentSettingsSection />
    </>
  );
}
