import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine with the portal's theme, right to left. Not at the root of the app: the public pages run
 * without Mantine (docs/decisions/0014); the areas, the sign-in and pre-registration pages, the
 * error pages, the phone menu and the toasts bring it with their own code.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
