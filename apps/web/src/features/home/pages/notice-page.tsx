import { Alert, Anchor, Box, Image, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatJalaliDateTime } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { HtmlContent } from '../../../ui/html-content';
import { PageHeader } from '../../../ui/page-header';
import { homeQueries } from '../api';
import { homeFa } from '../messages';

/** One public notice. */
export function Component() {
  const id = Number(useParams().id);
  const item = useQuery({ ...homeQueries.notice(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <Box maw={860} mx="auto" px="md" py="xl">
      <Anchor component={Link} to="/" fz="sm">
        {homeFa.back}
      </Anchor>
      {item.isPending && <Skeleton h={240} radius="md" mt="md" />}
      {item.isError && (
        <Alert color="gray" title={fa.errors.notFoundTitle} mt="md">
          {item.error.message}
        </Alert>
      )}
      {item.data && (
        <article>
          <Box mt="md">
            <PageHeader title={item.data.title} description={formatJalaliDateTime(item.data.publishAt)} />
          </Box>
          {item.data.cover && (
            <Image
              src={item.data.cover.large}
              srcSet={item.data.cover.srcSet}
              sizes="(max-width: 48em) 100vw, 860px"
              alt=""
              radius="md"
              mb="md"
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
    </Box>
  );
}
