import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { M } from '../../../ui/kit-classes';
import { Skeleton } from '../../../ui/kit-feedback';
import { Card, CardSection, SimpleGrid, Stack } from '../../../ui/kit-layout';
import { Text, ThemeIcon, Title } from '../../../ui/kit-text';
import kit from '../../../ui/public.module.css';
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
    <section className="" aria-labelledby="achievements-strip-title" data-testid="achievements-strip">
      <Title order={2} id="achievements-strip-title" size={3} mb="sm">
        {achievementsFa.stripTitle}
      </Title>
      {query.isPending ? (
        <SimpleGrid className={kit.cols1s23}>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} height={220} />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <div className={M.center} style={{ paddingBlock: 'var(--mantine-spacing-lg)' }}>
          <Text style={{ color: 'var(--mantine-color-dimmed)' }}>{achievementsFa.empty}</Text>
        </div>
      ) : (
        <SimpleGrid component="ul" className={kit.cols1s23} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((a) => (
            <Card key={a.id} component="li" data-testid="achievement">
              {a.image ? (
                <CardSection style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
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
                </CardSection>
              ) : (
                <ThemeIcon size={48} tone="yellow" style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
                  <IconTrophy size={26} />
                </ThemeIcon>
              )}
              <Stack gap={4}>
                <Text style={{ fontWeight: 600 }}>
                  {/* The achievement's own address, to share (a link preview shows its title and picture). */}
                  <Link to={`/achievements/${a.id}`} style={{ color: 'inherit', textDecoration: 'none' }}>
                    {a.title}
                  </Link>
                </Text>
                <Text style={{ color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-xs)' }}>
                  <time dateTime={a.date}>{formatJalaliDate(a.date)}</time>
                </Text>
                {a.description && (
                  <Text
                    data-line-clamp
                    style={
                      {
                        '--text-line-clamp': 3,
                        color: 'var(--mantine-color-dimmed)',
                        fontSize: 'var(--mantine-font-size-sm)',
                      } as React.CSSProperties
                    }
                  >
                    {a.description}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
