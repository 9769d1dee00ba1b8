import { Alert, Anchor, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatJalaliDateTime } from '../../../lib/format';
import { useViewer, viewerPath } from '../../../lib/viewer';
import { fa } from '../../../messages/fa';
import { HtmlContent } from '../../../ui/html-content';
import { PageHeader } from '../../../ui/page-header';
import { newsQueries } from '../api';
import { newsFa } from '../messages';

export function Component() {
  const viewer = useViewer();
  const id = Number(useParams().id);
  const item = useQuery({ ...newsQueries.studentItem(id, viewer), enabled: Number.isInteger(id) && id > 0 });
  return (
    <Stack gap="md">
      <Anchor component={Link} to={viewerPath(viewer, 'news')} fz="sm">
        <IconArrowRight size={14} /> {newsFa.back}
      </Anchor>
      {item.isPending && <Skeleton h={200} radius="md" />}
      {item.isError && (
        <Alert color="gray" title={fa.errors.notFoundTitle}>
          {item.error.message}
        </Alert>
      )}
      {item.data && (
        <article>
          <PageHeader title={item.data.title} description={formatJalaliDateTime(item.data.publishAt)} />
          {item.data.cover && (
            <Image
              src={item.data.cover.large}
              srcSet={item.data.cover.srcSet}
              sizes="(max-width: 48em) 100vw, 800px"
              alt=""
              radius="md"
              mb="md"
              mah={360}
              fit="cover"
            />
          )}
          {item.data.summary && (
            <Text fw={500} mb="sm">
              {item.data.summary}
            </Text>
          )}
          <HtmlContent html={item.data.bodyHtml} />
        </article>
      )}
    </Stack>
  );
}
