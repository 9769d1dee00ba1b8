import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList, IconLogin, IconTools } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { fa } from '../../../messages/fa';

/** The public home. The school profile, notices, achievements and photos arrive with the public-site feature. */
export function Component() {
  useEffect(() => {
    document.title = fa.app.name;
  }, []);
  return (
    <>
      <section
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-brand-7), var(--mantine-color-brand-5))',
          color: '#fff',
        }}
      >
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="md" maw={640}>
            <Title order={1} fz={{ base: 30, sm: 44 }} c="white">
              {fa.app.name}
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="brand.0">
              {fa.app.slogan}
            </Text>
            <Group gap="sm" mt="sm">
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
        <Alert variant="light" color="gray" icon={<IconTools size={20} />} data-testid="not-built">
          {fa.notBuilt.line}
        </Alert>
      </Container>
    </>
  );
}
