import { IconCloudOff } from '@tabler/icons-react';
import { formatJalaliDateTime } from '../lib/format';
import { useSavedCopySince } from '../lib/offline';
import { Alert } from './kit-feedback';

/**
 * «آفلاین — اطلاعات <Jalali time>»: the page shows what was saved when the network last answered.
 * With `offline` and no time (the browser is offline, but what the page shows was loaded before),
 * a line without a time.
 */
export function OfflineNotice({
  at,
  offline = false,
  compact = false,
}: {
  at: string | null;
  offline?: boolean;
  /** A slim strip (the public layout), rather than a box above the page's content. */
  compact?: boolean;
}) {
  if (!at && !offline) return null;
  return (
    <Alert
      tone="yellow"
      icon={<IconCloudOff size={compact ? 18 : 20} />}
      style={
        compact
          ? { paddingBlock: 'calc(0.375rem * var(--mantine-scale))', fontSize: 'var(--mantine-font-size-sm)' }
          : { marginBottom: 'var(--mantine-spacing-md)' }
      }
      data-testid="offline-notice"
      role="status"
    >
      {at ? `آفلاین — اطلاعات ${formatJalaliDateTime(at)}` : 'آفلاین — آخرین اطلاعات دریافت‌شده را می‌بینید.'}
    </Alert>
  );
}

/** The notice of a page whose answers may come from the copies saved on the device: shown while they do. */
export function SavedCopyNotice() {
  return <OfflineNotice at={useSavedCopySince()} />;
}
