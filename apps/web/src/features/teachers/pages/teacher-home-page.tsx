import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconListNumbers, IconNews, IconReportAnalytics } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { digitsToPersian, formatAcademicYear } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { myClassesQuery } from '../api';
import { teachersFa as t } from '../messages';

/** /teacher: the teacher's classes and, in each, her subjects, with attendance and grades a tap away. */
export function Component() {
  const q = useQuery(myClassesQuery());
  return (
    <>
      <PageHeader title={t.home.classes} description={q.data ? fa.teacher.greeting(q.data.fullName) : undefined} />
      {q.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : q.data.items.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.home.none}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="my-classes">
          {q.data.items.map((c) => (
            <Card withBorder key={c.groupId} data-testid="my-class">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} fz="h4">
                    {c.groupName}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {formatAcademicYear(c.academicYear)}
                  </Text>
                </Group>
                <Text size="sm">{t.home.students(digitsToPersian(c.studentCount))}</Text>
                <Group gap={6}>
                  {c.subjects.map((s) => (
                    <Badge key={s.id} variant="light" size="lg">
                      {s.name}
                    </Badge>
                  ))}
                </Group>
                <Stack gap={6} mt="xs">
                  <Button
                    fullWidth
                    component={Link}
                    to={`/teacher/attendance?group=${c.groupId}`}
                    leftSection={<IconChecklist size={18} />}
                  >
                    {t.home.takeAttendance}
                  </Button>
                  <Group grow gap={6}>
                    <Button
                      component={Link}
                      to={`/teacher/marks?group=${c.groupId}`}
                      variant="light"
                      leftSection={<IconListNumbers size={18} />}
                    >
                      {t.home.marks}
                    </Button>
                    <Button
                      component={Link}
                      to={`/teacher/grades?group=${c.groupId}`}
                      variant="light"
                      leftSection={<IconReportAnalytics size={18} />}
                    >
                      {t.home.grades}
                    </Button>
                  </Group>
                  <Button
                    fullWidth
                    component={Link}
                    to={`/teacher/news?group=${c.groupId}`}
                    variant="subtle"
                    leftSection={<IconNews size={18} />}
                  >
                    {t.home.news}
                  </Button>
                </Stack>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
