import {
  STAFF_MESSAGE_AUDIENCES,
  type StaffMessagePreview,
  smsParts,
} from '@madreseh/contract/notifications/notifications.contract';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { IconEye, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { digitsToPersian } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { groupsQuery } from '../api';
import { notifyFa } from '../messages';
import { type Form, type StaffMessage, useStaffMessage } from '../use-staff-message';

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {digitsToPersian(value)}
      </Text>
    </Paper>
  );
}

/** Staff write to the parents of a class or of the whole school: preview the reach and parts, then send. */
export function Component() {
  const m = useStaffMessage();
  return (
    <>
      <DashboardPageHeader
        title={notifyFa.messageTitle}
        description={notifyFa.messageLine}
        crumbs={[{ label: notifyFa.messageTitle }]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <MessageForm m={m} />
        </Paper>
        {m.shown && <PreviewPanel m={m} shown={m.shown} />}
      </SimpleGrid>
    </>
  );
}

/** The audience, the text and whether it also goes by SMS; submitting asks for the preview. */
function MessageForm({ m }: { m: StaffMessage }) {
  const { form, change } = m;
  const groups = useQuery(groupsQuery());
  const text = form.values.text;
  const options = (groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  return (
    <form onSubmit={m.onPreview} noValidate>
      <Stack>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {notifyFa.audience}
          </Text>
          <SegmentedControl
            fullWidth
            data={optionsOf(STAFF_MESSAGE_AUDIENCES, notifyFa.audiences)}
            value={form.values.audience}
            onChange={(v) => change('audience', v as Form['audience'])}
          />
        </div>
        {form.values.audience === 'group' && (
          <Select
            label={notifyFa.group}
            placeholder={notifyFa.groupPlaceholder}
            data={options}
            searchable
            nothingFoundMessage={notifyFa.groupNotFound}
            data-testid="message-group"
            value={form.values.groupId}
            onChange={(v) => change('groupId', v)}
            error={form.errors.groupId}
          />
        )}
        <Textarea
          label={notifyFa.text}
          autosize
          minRows={4}
          maxRows={10}
          data-testid="message-text"
          description={notifyFa.chars(digitsToPersian([...text].length), digitsToPersian(smsParts(text)))}
          value={form.values.text}
          onChange={(e) => change('text', e.currentTarget.value)}
          error={form.errors.text}
        />
        <Switch
          label={notifyFa.alsoSms}
          checked={form.values.sms}
          onChange={(e) => change('sms', e.currentTarget.checked)}
        />
        <Group>
          <Button
            type="submit"
            variant="light"
            leftSection={<IconEye size={18} />}
            loading={m.previewing}
            data-testid="message-preview"
          >
            {notifyFa.preview}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who the message reaches and what it costs, then sending it after asking once more. */
function PreviewPanel({ m, shown }: { m: StaffMessage; shown: StaffMessagePreview }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="message-preview-result">
      <Stack>
        <SimpleGrid cols={2} spacing="sm">
          <Figure label={notifyFa.previewStudents} value={shown.students} testId="preview-students" />
          <Figure label={notifyFa.previewSms} value={shown.smsRecipients} testId="preview-sms" />
          <Figure label={notifyFa.previewParts} value={shown.partsEach} />
          <Figure label={notifyFa.previewTotal} value={shown.totalParts} testId="preview-parts" />
        </SimpleGrid>
        {shown.optedOut > 0 && (
          <Text size="sm" c="dimmed">
            {notifyFa.previewOptedOut}: {digitsToPersian(shown.optedOut)}
          </Text>
        )}
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {notifyFa.previewText}
          </Text>
          <Paper bg="gray.0" p="sm" radius="md">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {shown.text}
            </Text>
          </Paper>
        </div>
        {m.confirming ? (
          <Alert color="brand" variant="light">
            <Text size="sm" mb="sm">
              {notifyFa.confirmSend(
                digitsToPersian(shown.students),
                digitsToPersian(shown.smsRecipients),
                digitsToPersian(shown.totalParts),
              )}
            </Text>
            <Group>
              <Button
                leftSection={<IconSend size={18} />}
                loading={m.sending}
                onClick={m.onSend}
                data-testid="message-confirm"
              >
                {notifyFa.send}
              </Button>
              <Button variant="default" onClick={() => m.setConfirming(false)}>
                {fa.confirm.cancel}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group>
            <Button
              leftSection={<IconSend size={18} />}
              onClick={() => m.setConfirming(true)}
              disabled={shown.students === 0}
              data-testid="message-send"
            >
              {notifyFa.send}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
