import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A list's search box: `label` is its placeholder and its name for screen readers. */
export function SearchInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
