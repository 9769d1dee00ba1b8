import type { SchoolProfile } from '@madreseh/contract/settings/settings.contract';
import { IconClipboardList, IconLogin, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { schoolProfileQuery } from '../../../lib/school-profile';
import { fa } from '../../../messages/fa';
import { Button } from '../../../ui/kit-button';
import { rem } from '../../../ui/kit-classes';
import { Skeleton } from '../../../ui/kit-feedback';
import { Container, Group, Paper, SimpleGrid, Stack } from '../../../ui/kit-layout';
import { Anchor, Image, Text, Title } from '../../../ui/kit-text';
import { NewsCard } from '../../../ui/news-card';
import kit from '../../../ui/public.module.css';
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

/**
 * The public home: the school's face, its latest public notices, recent photos and how to reach it.
 * `achievements` is the achievements feature's strip (app/pages/home.tsx puts the two together).
 */
export function HomePage({ achievements }: { achievements?: ReactNode }) {
  const school = useQuery(schoolProfileQuery());
  const p = school.data;
  const name = p?.name.trim() || fa.app.name;

  useEffect(() => {
    document.title = p?.slogan ? `${name} | ${p.slogan}` : name;
    if (p) setMeta('description', [name, p.slogan, p.address].filter(Boolean).join(' — '));
  }, [p, name]);

  return (
    <>
      <Hero p={p} name={name} />

      <Container style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
        <Stack gap={48}>
          {p?.preRegistrationOpen && <PreRegisterCta p={p} />}

          <HomeNews />

          <HomePhotos />

          {achievements}

          {p && (p.address || p.phones.length > 0) && <HomeContact p={p} />}
        </Stack>
      </Container>
    </>
  );
}

type Profile = Omit<SchoolProfile, 'updatedAt'>;

/** The school's name, slogan and logo over its hero image, with pre-registration and sign-in. */
function Hero({ p, name }: { p: Profile | undefined; name: string }) {
  return (
    <section
      style={{
        background: p?.hero
          ? `linear-gradient(135deg, rgba(60,16,100,.82), rgba(123,44,191,.55)), center / cover no-repeat url("${p.hero.large}")`
          : 'linear-gradient(135deg, var(--mantine-color-brand-7), var(--mantine-color-brand-5))',
        color: '#fff',
      }}
      data-testid="home-hero"
    >
      <Container className={kit.heroPad}>
        <Stack style={{ maxWidth: rem(680) }}>
          {p?.logo && (
            <Image
              src={p.logo.thumb}
              alt=""
              radius="md"
              style={
                {
                  '--image-object-fit': 'contain',
                  width: rem(72),
                  height: rem(72),
                  padding: rem(4),
                  background: 'var(--mantine-color-white)',
                } as React.CSSProperties
              }
            />
          )}
          <Title order={1} className={kit.heroTitle} style={{ color: 'var(--mantine-color-white)' }}>
            {name}
          </Title>
          <Text className={kit.heroLine} style={{ color: 'var(--mantine-color-brand-0)' }}>
            {p?.slogan || fa.app.slogan}
          </Text>
          <Group gap="sm" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
            {p?.preRegistrationOpen && (
              <Button
                component={Link}
                to="/pre-register"
                size="md"
                look="white"
                leftSection={<IconClipboardList size={18} />}
              >
                {fa.nav.preRegister}
              </Button>
            )}
            <Button component={Link} to="/auth" size="md" look="outline-white" leftSection={<IconLogin size={18} />}>
              {fa.nav.login}
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}

/** Pre-registration is open: the year, and a button to start. */
function PreRegisterCta({ p }: { p: Profile }) {
  return (
    <Paper
      radius="lg"
      className={kit.padMdXl}
      style={{ background: 'var(--mantine-color-brand-0)' }}
      data-testid="pre-register-cta"
    >
      <Group justify="space-between">
        <Stack gap={4}>
          <Title order={2} size={3}>
            {homeFa.preRegisterOpen(digitsToPersian(`${p.academicYear}-${p.academicYear + 1}`))}
          </Title>
          <Text style={{ color: 'var(--mantine-color-dimmed)' }}>{homeFa.preRegisterLine}</Text>
        </Stack>
        <Button component={Link} to="/pre-register" size="md">
          {homeFa.preRegisterCta}
        </Button>
      </Group>
    </Paper>
  );
}

/** The latest public notices. */
function HomeNews() {
  const news = useQuery(homeQueries.news());
  return (
    <section aria-labelledby="home-news">
      <Title order={2} id="home-news" size={3} mb="md">
        {homeFa.news}
      </Title>
      {news.isPending && <Skeleton height={120} />}
      {news.data?.items.length === 0 && <Text style={{ color: 'var(--mantine-color-dimmed)' }}>{homeFa.noNews}</Text>}
      <SimpleGrid className={kit.cols123}>
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
  );
}

/** Recent photos of the gallery, when there are any. */
function HomePhotos() {
  const photos = useQuery(homeQueries.photos());
  if (!photos.data || photos.data.items.length === 0) return null;
  return (
    <section aria-labelledby="home-gallery">
      <Group justify="space-between" style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
        <Title order={2} id="home-gallery" size={3}>
          {homeFa.gallery}
        </Title>
        <Anchor component={Link} to="/Gallery">
          {homeFa.allPhotos}
        </Anchor>
      </Group>
      <SimpleGrid className={kit.cols24}>
        {photos.data.items.map((ph) => (
          <Image
            key={ph.id}
            src={ph.image.thumb}
            srcSet={ph.image.srcSet}
            sizes="(max-width: 48em) 50vw, 25vw"
            alt={ph.caption}
            width={ph.width}
            height={ph.height}
            radius="md"
            loading="lazy"
            data-testid="home-photo"
            style={{ height: rem(140) }}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

/** The school's address and phones, and a link to the contact page. */
function HomeContact({ p }: { p: Profile }) {
  return (
    <Paper withBorder radius="md" className={kit.padMdLg}>
      <Title order={2} size={4} mb="sm">
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
        <div>
          <Anchor component={Link} to="/contact-us">
            {homeFa.contactMore}
          </Anchor>
        </div>
      </Stack>
    </Paper>
  );
}
