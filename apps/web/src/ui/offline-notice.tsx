import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatJalaliDateTime } from '../lib/format';

/** «آفلاین — اطلاعات <Jalali time>»: the page shows what was saved when the network last answered. */
export function OfflineNotice({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconCloudOff size={20} />} mb="md" data-testid="offline-notice">
      {`آفلاین — اطلاعات ${formatJalaliDateTime(at)}`}
    </Alert>
  );
}
