import { Alert, Anchor, Box, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { achievementsFa } from '../messages';
import { publicAchievementQuery } from '../public-api';

/** One achievement on its own address, to share: title, date, picture and description. */
export function Component() {
  const id = Number(useParams().id);
  const item = useQuery({ ...publicAchievementQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const a = item.data;
  return (
    <Box maw={860} mx="auto" px="md" py="xl">
      <Anchor component={Link} to="/" fz="sm">
        {achievementsFa.back}
      </Anchor>
      {item.isPending && <Skeleton h={240} radius="md" mt="md" />}
      {item.isError && (
        <Alert color="gray" title={fa.errors.notFoundTitle} mt="md">
          {item.error.message}
        </Alert>
      )}
      {a && (
        <article>
          <Box mt="md">
            <PageHeader title={a.title} description={formatJalaliDate(a.date)} />
          </Box>
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
    </Box>
  );
}
