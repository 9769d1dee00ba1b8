import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `md` breakpoint a dashboard table does not fit beside the sidebar (or on a
 * phone), so admin lists show one card per row there instead of a table that scrolls sideways.
 * Only one of the two is rendered, read at once so the table never flashes on a phone.
 */
export function useCardList(): boolean {
  return useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
}
