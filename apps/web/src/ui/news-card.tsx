import type { NewsCard as News } from '@madreseh/contract/news/news.contract';
import { IconPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatJalaliDate } from '../lib/format';
import { rem } from './kit-classes';
import { Card, CardSection, Group } from './kit-layout';
import { Badge, Image, Text, Title } from './kit-text';

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
    <Card radius="md" component={Link} to={to} data-testid={testId}>
      {n.cover && (
        <CardSection style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
          <Image
            src={n.cover.thumb}
            srcSet={n.cover.srcSet}
            sizes={sizes}
            alt=""
            style={{ height: rem(150) }}
            loading="lazy"
          />
        </CardSection>
      )}
      <Group gap={6} wrap="nowrap" style={{ marginBottom: rem(4) }}>
        {n.pinned && <Badge leftSection={<IconPin size={12} />}>مهم</Badge>}
        <Text style={{ color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-xs)' }}>
          {formatJalaliDate(n.publishAt)}
        </Text>
      </Group>
      <Title order={headingOrder} style={{ fontSize: 'var(--mantine-font-size-lg)' }}>
        {n.title}
      </Title>
      {n.summary && (
        <Text
          data-line-clamp
          style={
            {
              '--text-line-clamp': 3,
              marginTop: rem(4),
              color: 'var(--mantine-color-dimmed)',
              fontSize: 'var(--mantine-font-size-sm)',
            } as React.CSSProperties
          }
        >
          {n.summary}
        </Text>
      )}
    </Card>
  );
}
