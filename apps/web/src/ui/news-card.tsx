import type { NewsCard as News } from '@madreseh/contract/news/news.contract';
import { Badge, Card, Group, Image, Text, Title } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatJalaliDate } from '../lib/format';

/**
 * One news item as a card linking to its page: cover, pinned mark, Jalali date, title and summary.
 * Used by the public home page and the student's news list.
 */
export function NewsCard({
  news: n,
  to,
  sizes,
  headingOrder,
  testId,
}: {
  news: News;
  to: string;
  /** `sizes` of the cover image for the grid it sits in. */
  sizes: string;
  headingOrder: 2 | 3;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={to} data-testid={testId}>
      {n.cover && (
        <Card.Section mb="sm">
          <Image src={n.cover.thumb} srcSet={n.cover.srcSet} sizes={sizes} alt="" h={150} loading="lazy" />
        </Card.Section>
      )}
      <Group gap={6} wrap="nowrap" mb={4}>
        {n.pinned && (
          <Badge size="sm" variant="light" leftSection={<IconPin size={12} />}>
            مهم
          </Badge>
        )}
        <Text fz="xs" c="dimmed">
          {formatJalaliDate(n.publishAt)}
        </Text>
      </Group>
      <Title order={headingOrder} fz="lg">
        {n.title}
      </Title>
      {n.summary && (
        <Text c="dimmed" fz="sm" mt={4} lineClamp={3}>
          {n.summary}
        </Text>
      )}
    </Card>
  );
}
