import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/school-profile';
import { sandboxQuery } from '../api';
import { pm } from '../messages';

/** The built-in test gateway: the payer chooses success or failure; no money moves. */
export function Component() {
  const authority = useParams().authority ?? '';
  const { data, isPending, error } = useQuery(sandboxQuery(authority));
  usePageTitle(pm.sandboxTitle);
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.1">
      <Card withBorder radius="md" padding="lg" w="100%" maw={440}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1} fz="h3">
              {pm.sandboxTitle}
            </Title>
            <Badge color="orange">آزمایشی</Badge>
          </Group>
          <Alert color="orange" variant="light">
            {pm.sandboxWarning}
          </Alert>
          {isPending && <Loader />}
          {error && <Alert color="red">{pm.sandboxGone}</Alert>}
          {data && (
            <>
              <Text>{data.description}</Text>
              <Text fw={700} fz="xl" data-testid="sandbox-amount">
                {formatMoney(data.amount, 'rial')}
              </Text>
              <Group grow>
                <Button color="teal" component="a" href={`${data.callbackUrl}&Status=OK`}>
                  {pm.sandboxPay}
                </Button>
                <Button color="red" variant="light" component="a" href={`${data.callbackUrl}&Status=NOK`}>
                  {pm.sandboxFail}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
