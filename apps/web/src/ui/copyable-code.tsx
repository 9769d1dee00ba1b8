import { digitsToPersian } from '@madreseh/contract/text';
import { ActionIcon, CopyButton, Text, type TextProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A tracking code or reference number: Persian digits, read left to right, wrapping rather than
 * overflowing a 360 px phone, with a button that copies it (in Latin digits, as banks take it).
 */
export function CopyableCode({ code, testId, ...text }: { code: string; testId?: string } & TextProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%', verticalAlign: 'middle' }}>
      <Text
        component="bdi"
        dir="ltr"
        className="tabular"
        fw={700}
        data-testid={testId}
        style={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
        {...text}
      >
        {digitsToPersian(code)}
      </Text>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          // The button's own name says it was copied (no tooltip: its positioning code is not worth
          // its weight on the light public pages).
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={copy}
            aria-label={copied ? 'کپی شد' : 'کپی'}
            title={copied ? 'کپی شد' : 'کپی'}
            color={copied ? 'teal' : undefined}
            className="no-print"
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </span>
  );
}
