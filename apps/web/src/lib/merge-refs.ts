import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react, for Mantine's ScrollArea only (see `scrollAreaWithoutFloatingUi`
 * in vite.config.ts): the public pages' drawer needs the scroll area, and with this the whole
 * positioning library (about 18 KB gzipped) stays out of their first load.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
