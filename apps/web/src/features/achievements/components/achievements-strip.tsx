import { Box, Card, Center, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { achievementsFa } from '../messages';
import { publicAchievementsQuery } from '../public-api';

/**
 * Home-page section: the school's achievements in the admins' order (one request to
 * general/achievement). Mount with `<AchievementsStrip />`; it has its own skeleton and empty state.
 */
export function AchievementsStrip({ count = 6 }: { count?: number }) {
  const query = useQuery(publicAchievementsQuery(count));
  const items = query.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="achievements-strip-title" data-testid="achievements-strip">
      <Title order={2} fz="h3" mb="sm" id="achievements-strip-title">
        {achievementsFa.stripTitle}
      </Title>
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Center py="lg">
          <Text c="dimmed">{achievementsFa.empty}</Text>
        </Center>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((a) => (
            <Card key={a.id} withBorder padding="md" component="li" data-testid="achievement">
              {a.image ? (
                <Card.Section mb="sm">
                  <img
                    src={a.image.thumb}
                    srcSet={a.image.srcSet}
                    sizes="(min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw"
                    alt={a.title}
                    loading="lazy"
                    width={400}
                    height={225}
                    style={{ width: '100%', height: 160, objectFit: 'cover', display: 'block' }}
                  />
                </Card.Section>
              ) : (
                <ThemeIcon size={48} radius="xl" variant="light" color="yellow" mb="sm">
                  <IconTrophy size={26} />
                </ThemeIcon>
              )}
              <Stack gap={4}>
                <Text fw={600}>
                  {/* The achievement's own address, to share (a link preview shows its title and picture). */}
                  <Link to={`/achievements/${a.id}`} style={{ color: 'inherit', textDecoration: 'none' }}>
                    {a.title}
                  </Link>
                </Text>
                <Text fz="xs" c="dimmed">
                  <time dateTime={a.date}>{formatJalaliDate(a.date)}</time>
                </Text>
                {a.description && (
                  <Text fz="sm" c="dimmed" lineClamp={3}>
                    {a.description}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
