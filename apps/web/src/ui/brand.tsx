import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fa } from '../messages/fa';

/** The school's mark and name; links home. */
export function Brand({ size = 36, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Link to="/" aria-label={withName ? undefined : fa.app.name} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="xs" wrap="nowrap">
        <img src="/icons/icon-192.png" width={size} height={size} alt="" style={{ borderRadius: size / 4.5 }} />
        {withName && (
          <Text fw={800} fz="lg" c="brand.8" component="span">
            {fa.app.name}
          </Text>
        )}
      </Group>
    </Link>
  );
}
