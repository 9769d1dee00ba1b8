import { ActionIcon, Box, Group, Input, Paper, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconQuote,
  IconUnderline,
} from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';

const TOOLS = [
  { cmd: 'bold', label: 'پررنگ', icon: IconBold },
  { cmd: 'italic', label: 'کج', icon: IconItalic },
  { cmd: 'underline', label: 'زیرخط', icon: IconUnderline },
  { cmd: 'formatBlock', arg: 'h2', label: 'عنوان', icon: IconH2 },
  { cmd: 'formatBlock', arg: 'h3', label: 'زیرعنوان', icon: IconH3 },
  { cmd: 'insertUnorderedList', label: 'فهرست', icon: IconList },
  { cmd: 'insertOrderedList', label: 'فهرست شماره‌دار', icon: IconListNumbers },
  { cmd: 'formatBlock', arg: 'blockquote', label: 'نقل قول', icon: IconQuote },
] as const;

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  minHeight?: number;
}

/**
 * A small rich-text field: bold, italic, underline, headings, lists, quotes and links. It edits
 * HTML in place (contentEditable); the server keeps only its allow-list, so what is saved is
 * what readers see.
 */
export function RichTextEditor({ label, value, onChange, error, minHeight = 180 }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value && document.activeElement !== el) el.innerHTML = value;
  }, [value]);

  const run = (cmd: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(cmd, false, arg);
    onChange(ref.current?.innerHTML ?? '');
  };
  const link = () => {
    const url = window.prompt('نشانی پیوند (https://…)');
    if (url && /^(https?:\/\/|mailto:|tel:)/i.test(url.trim())) run('createLink', url.trim());
  };

  return (
    <Input.Wrapper label={label} error={error} id={id}>
      <Paper withBorder radius="md" mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Group
          gap={2}
          p={4}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          role="toolbar"
          aria-label={label}
        >
          {TOOLS.map((t) => (
            <Tooltip key={t.label} label={t.label} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t.label}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(t.cmd, 'arg' in t ? t.arg : undefined)}
              >
                <t.icon size={18} />
              </ActionIcon>
            </Tooltip>
          ))}
          <Tooltip label="پیوند" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="پیوند"
              onMouseDown={(e) => e.preventDefault()}
              onClick={link}
            >
              <IconLink size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Box
          ref={ref}
          id={id}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          dir="rtl"
          onInput={(e) => onChange((e.target as HTMLDivElement).innerHTML)}
          p="sm"
          style={{ minHeight, outline: 'none', lineHeight: 1.9 }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
