import { GRADE_LABELS } from '@madreseh/contract/grades';
import { useQuery } from '@tanstack/react-query';
import { digitsToPersian } from '../../../lib/format';
import { schoolProfileQuery } from '../../../lib/school-profile';
import { fa } from '../../../messages/fa';
import { HtmlContent } from '../../../ui/html-content';
import { Skeleton } from '../../../ui/kit-feedback';
import { Grid, GridCol, Paper, PublicPage, Stack } from '../../../ui/kit-layout';
import { Text, Title } from '../../../ui/kit-text';
import { PageHeader } from '../../../ui/page-header';
import kit from '../../../ui/public.module.css';
import { homeFa } from '../messages';

export function Component() {
  const school = useQuery(schoolProfileQuery());
  const p = school.data;
  return (
    <PublicPage width={1100}>
      <PageHeader title={fa.nav.about} description={p?.name} />
      {school.isPending && <Skeleton height={300} />}
      {p && (
        <Grid className={kit.gridLg}>
          <GridCol className={kit.col8}>
            <Paper withBorder className={kit.padMdLg} data-testid="about-text">
              <HtmlContent html={p.aboutHtml} />
            </Paper>
          </GridCol>
          <GridCol className={kit.col4}>
            <Paper withBorder className={kit.padMdLg}>
              <Title order={2} size={4} mb="sm">
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
          </GridCol>
        </Grid>
      )}
    </PublicPage>
  );
}
