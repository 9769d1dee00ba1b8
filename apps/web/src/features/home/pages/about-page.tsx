import { GRADE_LABELS } from '@madreseh/contract/grades';
import { Box, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { digitsToPersian } from '../../../lib/format';
import { schoolProfileQuery } from '../../../lib/school-profile';
import { fa } from '../../../messages/fa';
import { HtmlContent } from '../../../ui/html-content';
import { PageHeader } from '../../../ui/page-header';
import { homeFa } from '../messages';

export function Component() {
  const school = useQuery(schoolProfileQuery());
  const p = school.data;
  return (
    <Box maw={1100} mx="auto" px="md" py="xl">
      <PageHeader title={fa.nav.about} description={p?.name} />
      {school.isPending && <Skeleton h={300} radius="md" />}
      {p && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="about-text">
              <HtmlContent html={p.aboutHtml} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Title order={2} fz="h4" mb="sm">
                {homeFa.facts}
              </Title>
              <Stack gap="xs">
                <Text>
                  <b>{homeFa.academicYear}:</b> {digitsToPersian(`${p.academicYear}-${p.academicYear + 1}`)}
                </Text>
                {p.gradesOffered.length > 0 && (
                  <Text>
                    <b>{homeFa.grades}:</b> {p.gradesOffered.map((g) => GRADE_LABELS[g]).join('، ')}
                  </Text>
                )}
                {p.address && (
                  <Text>
                    <b>{homeFa.address}:</b> {digitsToPersian(p.address)}
                  </Text>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Box>
  );
}
