import { IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Alert } from './kit-feedback';

/** A public form that needs the network, shown while the browser is offline: says why it cannot be sent. */
export function OfflineFormNotice({ children }: { children: ReactNode }) {
  return (
    <Alert
      tone="orange"
      icon={<IconWifiOff size={18} />}
      style={{ marginBottom: 'var(--mantine-spacing-md)' }}
      data-testid="offline-form"
    >
      {children}
    </Alert>
  );
}
