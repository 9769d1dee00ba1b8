import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { schoolProfileQuery } from '../lib/school-profile';
import { fa } from '../messages/fa';
import { M } from './kit-classes';
import { Group } from './kit-layout';
import classes from './public.module.css';

/** The school's logo and name from its settings (the generic mark and «درگاه مدرسه» until set); links home. */
export function Brand({
  size = 36,
  withName = true,
  full = false,
}: {
  size?: number;
  withName?: boolean;
  /** The whole name, wrapping if need be (printed papers), rather than cut short with «…». */
  full?: boolean;
}) {
  const { data } = useQuery(schoolProfileQuery());
  const name = data?.name.trim() || fa.app.name;
  const logo = data?.logo?.thumb ?? '/icons/icon-192.png';
  return (
    <Link
      to="/"
      aria-label={withName ? undefined : name}
      style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap">
        <img
          src={logo}
          width={size}
          height={size}
          alt=""
          style={{ borderRadius: size / 4.5, objectFit: 'contain', flexShrink: 0 }}
        />
        {withName && (
          <span
            className={`${M.text} ${classes.brandName}`}
            data-truncate={full ? undefined : 'end'}
            data-testid="brand-name"
            style={{ color: 'var(--mantine-color-brand-8)', fontWeight: 800 }}
          >
            {name}
          </span>
        )}
      </Group>
    </Link>
  );
}
