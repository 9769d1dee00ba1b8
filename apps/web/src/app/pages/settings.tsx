// Features do not import each other; a page that shows two features is put together here.
import { PaymentSettingsSection } from '../../features/payments/components/payment-settings-section';
import { SettingsPage } from '../../features/settings/pages/settings-page';

/** /dashboard/settings: the school's settings, then the payments feature's card and gateway settings. */
export function Component() {
  return <SettingsPage more={<PaymentSettingsSection />} />;
}
