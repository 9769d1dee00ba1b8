import { Group, Pagination, type PaginationProps } from '@mantine/core';
import { digitsToPersian } from '../lib/format';

/** Names of the arrows for screen readers (an arrow alone has none, and a disabled one still needs one). */
const CONTROL_NAMES = {
  first: 'صفحهٔ نخست',
  previous: 'صفحهٔ پیش',
  next: 'صفحهٔ بعد',
  last: 'صفحهٔ آخر',
} as const;

/** What a list's answer says of its size: how many items in all, and how many to a page. */
export interface PagedList {
  total: number;
  pageSize: number;
}

/** How many pages a list has: at least one, and one while its answer has not come. */
export function pageCount(list: PagedList | undefined): number {
  return list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
}

/**
 * Page numbers in Persian digits under a list; nothing when everything fits on one page. `of` is the
 * list's answer (undefined while it loads).
 */
export function PersianPagination({
  of,
  page,
  onChange,
  size,
  mt = 'md',
  justify = 'center',
}: {
  of: PagedList | undefined;
  page: number;
  onChange: (page: number) => void;
  size?: PaginationProps['size'];
  mt?: 'md' | 'lg' | 0;
  justify?: 'center' | 'flex-start';
}) {
  const pages = pageCount(of);
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
