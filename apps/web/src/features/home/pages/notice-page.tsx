import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatJalaliDateTime } from '../../../lib/format';
import { HtmlContent } from '../../../ui/html-content';
import { Image, Text } from '../../../ui/kit-text';
import { PublicArticle } from '../../../ui/public-article';
import { homeQueries } from '../api';
import { homeFa } from '../messages';

/** One public notice. */
export function Component() {
  const id = Number(useParams().id);
  const item = useQuery({ ...homeQueries.notice(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <PublicArticle
      item={item}
      backLabel={homeFa.back}
      header={(n) => ({ title: n.title, description: formatJalaliDateTime(n.publishAt) })}
    >
      {(n) => (
        <>
          {n.cover && (
            <Image
              src={n.cover.large}
              srcSet={n.cover.srcSet}
              sizes="(max-width: 48em) 100vw, 860px"
              alt=""
              radius="md"
              style={{ marginBottom: 'var(--mantine-spacing-md)' }}
            />
          )}
          {n.summary && <Text style={{ marginBottom: 'var(--mantine-spacing-sm)', fontWeight: 500 }}>{n.summary}</Text>}
          <HtmlContent html={n.bodyHtml} />
        </>
      )}
    </PublicArticle>
  );
}
