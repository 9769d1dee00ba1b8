import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconClipboardList, IconLogin, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { schoolProfileQuery } from '../../../lib/school-profile';
import { fa } from '../../../messages/fa';
import { NewsCard } from '../../../ui/news-card';
import { AchievementsStrip } from '../../achievements/components/achievements-strip';
import { homeQueries } from '../api';
import { homeFa } from '../messages';

function setMeta(name: string, content: string) {
  let el = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** The public home: the school's face, its latest public notices, recent photos and how to reach it. */
export function Component() {
  const school = useQuery(schoolProfileQuery());
  const news = useQuery(homeQueries.news());
  const photos = useQuery(homeQueries.photos());
  const p = school.data;
  const name = p?.name.trim() || fa.app.name;

  useEffect(() => {
    document.title = p?.slogan ? `${name} | ${p.slogan}` : name;
    if (p) setMeta('description', [name, p.slogan, p.address].filter(Boolean).join(' — '));
  }, [p, name]);

  return (
    <>
      <section
        style={{
          background: p?.hero
            ? `linear-gradient(135deg, rgba(60,16,100,.82), rgba(123,44,191,.55)), center / cover no-repeat url("${p.hero.large}")`
            : 'linear-gradient(135deg, var(--mantine-color-brand-7), var(--mantine-color-brand-5))',
          color: '#fff',
        }}
        data-testid="home-hero"
      >
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="md" maw={680}>
            {p?.logo && <Image src={p.logo.thumb} alt="" w={72} h={72} fit="contain" radius="md" bg="white" p={4} />}
            <Title order={1} fz={{ base: 30, sm: 44 }} c="white">
              {name}
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="brand.0">
              {p?.slogan || fa.app.slogan}
            </Text>
            <Group gap="sm" mt="sm">
              {p?.preRegistrationOpen && (
                <Button
                  component={Link}
                  to="/pre-register"
                  size="md"
                  color="white"
                  c="brand.8"
                  leftSection={<IconClipboardList size={18} />}
                >
                  {fa.nav.preRegister}
                </Button>
              )}
              <Button
                component={Link}
                to="/auth"
                size="md"
                variant="outline"
                color="white"
                leftSection={<IconLogin size={18} />}
              >
                {fa.nav.login}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py="xl">
        <Stack gap={48}>
          {p?.preRegistrationOpen && (
            <Paper radius="lg" p={{ base: 'md', sm: 'xl' }} bg="brand.0" data-testid="pre-register-cta">
              <Group justify="space-between" wrap="wrap" gap="md">
                <Stack gap={4}>
                  <Title order={2} fz="h3">
                    {homeFa.preRegisterOpen(digitsToPersian(`${p.academicYear}-${p.academicYear + 1}`))}
                  </Title>
                  <Text c="dimmed">{homeFa.preRegisterLine}</Text>
                </Stack>
                <Button component={Link} to="/pre-register" size="md">
                  {homeFa.preRegisterCta}
                </Button>
              </Group>
            </Paper>
          )}

          <section aria-labelledby="home-news">
            <Title order={2} id="home-news" fz="h3" mb="md">
              {homeFa.news}
            </Title>
            {news.isPending && <Skeleton h={120} radius="md" />}
            {news.data?.items.length === 0 && <Text c="dimmed">{homeFa.noNews}</Text>}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {news.data?.items.map((n) => (
                <NewsCard
                  key={n.id}
                  news={n}
                  to={`/news/${n.id}`}
                  sizes="(max-width: 48em) 100vw, 33vw"
                  headingOrder={3}
                  testId="home-news"
                />
              ))}
            </SimpleGrid>
          </section>

          {photos.data && photos.data.items.length > 0 && (
            <section aria-labelledby="home-gallery">
              <Group justify="space-between" mb="md">
                <Title order={2} id="home-gallery" fz="h3">
                  {homeFa.gallery}
                </Title>
                <Anchor component={Link} to="/Gallery">
                  {homeFa.allPhotos}
                </Anchor>
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                {photos.data.items.map((ph) => (
                  <Image
                    key={ph.id}
                    src={ph.image.thumb}
                    srcSet={ph.image.srcSet}
                    sizes="(max-width: 48em) 50vw, 25vw"
                    alt={ph.caption}
                    h={140}
                    width={ph.width}
                    height={ph.height}
                    radius="md"
                    loading="lazy"
                    data-testid="home-photo"
                  />
                ))}
              </SimpleGrid>
            </section>
          )}

          <AchievementsStrip />

          {p && (p.address || p.phones.length > 0) && (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Title order={2} fz="h4" mb="sm">
                {homeFa.contact}
              </Title>
              <Stack gap={6}>
                {p.address && (
                  <Text>
                    <IconMapPin size={16} /> {digitsToPersian(p.address)}
                  </Text>
                )}
                {p.phones.map((ph) => (
                  <Anchor key={ph} href={`tel:${ph}`}>
                    <IconPhone size={16} /> {digitsToPersian(ph)}
                  </Anchor>
                ))}
                <Box>
                  <Anchor component={Link} to="/contact-us">
                    {homeFa.contactMore}
                  </Anchor>
                </Box>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Container>
    </>
  );
}
