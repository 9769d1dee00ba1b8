import { Group, Pagination, type PaginationProps } from '@mantine/core';
import { digitsToPersian } from '../lib/format';

/** Names of the arrows for screen readers (an arrow alone has none, and a disabled one still needs one). */
const CONTROL_NAMES = {
  first: 'صفحهٔ نخست',
  previous: 'صفحهٔ پیش',
  next: 'صفحهٔ بعد',
  last: 'صفحهٔ آخر',
} as const;

/**
 * Page numbers in Persian digits under a list; nothing when everything fits on one page.
 * `pages` is the number of pages (Math.ceil(total / pageSize)).
 */
export function PersianPagination({
  pages,
  page,
  onChange,
  size,
  mt = 'md',
  justify = 'center',
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  size?: PaginationProps['size'];
  mt?: 'md' | 'lg' | 0;
  justify?: 'center' | 'flex-start';
}) {
  if (pages <= 1) return null;
  return (
    <Group justify={justify} mt={mt}>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size={size}
        getItemProps={(n) => ({ children: digitsToPersian(n), 'aria-label': `صفحهٔ ${digitsToPersian(n)}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
      />
    </Group>
  );
}
