import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { Alert, Anchor, rem, Skeleton, Text } from '../../../ui/kit';
import { PageHeader } from '../../../ui/page-header';
import { achievementsFa } from '../messages';
import { publicAchievementQuery } from '../public-api';

/** One achievement on its own address, to share: title, date, picture and description. */
export function Component() {
  const id = Number(useParams().id);
  const item = useQuery({ ...publicAchievementQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const a = item.data;
  return (
    <div
      style={{
        marginInline: 'auto',
        paddingInline: 'var(--mantine-spacing-md)',
        paddingBlock: 'var(--mantine-spacing-xl)',
        maxWidth: rem(860),
      }}
    >
      <Anchor component={Link} to="/" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
        {achievementsFa.back}
      </Anchor>
      {item.isPending && <Skeleton height={240} style={{ marginTop: 'var(--mantine-spacing-md)' }} />}
      {item.isError && (
        <Alert tone="gray" title={fa.errors.notFoundTitle} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {item.error.message}
        </Alert>
      )}
      {a && (
        <article>
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <PageHeader title={a.title} description={formatJalaliDate(a.date)} />
          </div>
          {a.image && (
            <img
              src={a.image.large}
              srcSet={a.image.srcSet}
              sizes="(max-width: 48em) 100vw, 860px"
              alt={a.title}
              width={a.width ?? undefined}
              height={a.height ?? undefined}
              style={{ width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)', marginBottom: 16 }}
            />
          )}
          {a.description && <Text style={{ whiteSpace: 'pre-line' }}>{a.description}</Text>}
        </article>
      )}
    </div>
  );
}
