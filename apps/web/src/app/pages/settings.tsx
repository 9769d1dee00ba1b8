// Features do not import each other; a page that shows two features is put together here.
import { Stack } from '@mantine/core';
import { AssessmentRuleSection } from '../../features/assessments/components/assessment-rule-section';
import { PaymentSettingsSection } from '../../features/payments/components/payment-settings-section';
import { SettingsPage } from '../../features/settings/pages/settings-page';

/**
 * /dashboard/settings: the school's settings, then the payments feature's card and gateway settings and
 * the assessments feature's averaging rule.
 */
export function Component() {
  return (
    <SettingsPage
      more={
        <Stack gap="lg">
          <PaymentSettingsSection />
          <AssessmentRuleSection />
        </Stack>
      }
    />
  );
}
