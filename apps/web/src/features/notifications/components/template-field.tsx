import {
  type NotificationTemplate,
  smsParts,
  TEMPLATE_LABELS,
  TEMPLATE_PLACEHOLDERS,
} from '@madreseh/contract/notifications/notifications.contract';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { notifyFa } from '../messages';
import { PLACEHOLDER_WORDS, shownPlaceholder, templateForPeople, templateFromPeople } from '../template-words';

/**
 * One notification's text, its placeholders in Persian (`template-words`): a chip per placeholder
 * inserts it where the cursor is; the value in and out is the stored template.
 */
export function TemplateField({
  name,
  value,
  error,
  onChange,
}: {
  name: NotificationTemplate;
  value: string;
  error?: string | undefined;
  onChange: (stored: string) => void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const shown = templateForPeople(value);
  const insert = (key: string) => {
    const el = box.current;
    const token = shownPlaceholder(key);
    const start = el?.selectionStart ?? shown.length;
    const end = el?.selectionEnd ?? shown.length;
    onChange(templateFromPeople(shown.slice(0, start) + token + shown.slice(end)));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <div>
      <Textarea
        ref={box}
        label={TEMPLATE_LABELS[name]}
        autosize
        minRows={2}
        value={shown}
        onChange={(e) => onChange(templateFromPeople(e.currentTarget.value))}
        description={notifyFa.chars(digitsToPersian([...value].length), digitsToPersian(smsParts(value)))}
        error={error}
      />
      <Group gap={6} mt={6} role="group" aria-label={notifyFa.placeholdersFor(TEMPLATE_LABELS[name])}>
        <Text size="xs" c="dimmed">
          {notifyFa.insert}
        </Text>
        {TEMPLATE_PLACEHOLDERS[name].map((key) => (
          <Button
            key={key}
            size="compact-sm"
            radius="xl"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => insert(key)}
          >
            {PLACEHOLDER_WORDS[key] ?? key}
          </Button>
        ))}
      </Group>
    </div>
  );
}
