import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatJalaliDateTime } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { HtmlContent } from '../../../ui/html-content';
import { Alert, Anchor, Image, rem, Skeleton, Text } from '../../../ui/kit';
import { PageHeader } from '../../../ui/page-header';
import { homeQueries } from '../api';
import { homeFa } from '../messages';

/** One public notice. */
export function Component() {
  const id = Number(useParams().id);
  const item = useQuery({ ...homeQueries.notice(id), enabled: Number.isInteger(id) && id > 0 });
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
        {homeFa.back}
      </Anchor>
      {item.isPending && <Skeleton height={240} style={{ marginTop: 'var(--mantine-spacing-md)' }} />}
      {item.isError && (
        <Alert tone="gray" title={fa.errors.notFoundTitle} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {item.error.message}
        </Alert>
      )}
      {item.data && (
        <article>
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <PageHeader title={item.data.title} description={formatJalaliDateTime(item.data.publishAt)} />
          </div>
          {item.data.cover && (
            <Image
              src={item.data.cover.large}
              srcSet={item.data.cover.srcSet}
              sizes="(max-width: 48em) 100vw, 860px"
              alt=""
              radius="md"
              style={{ marginBottom: 'var(--mantine-spacing-md)' }}
            />
          )}
          {item.data.summary && (
            <Text style={{ marginBottom: 'var(--mantine-spacing-sm)', fontWeight: 500 }}>{item.data.summary}</Text>
          )}
          <HtmlContent html={item.data.bodyHtml} />
        </article>
      )}
    </div>
  );
}
