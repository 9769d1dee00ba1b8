import { PasswordInput } from '@mantine/core';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

/**
 * The three fields of changing one's own password (current, new, repeat), the same for a student's
 * profile and a staff member's prompt; the form around them sends them through its own endpoint.
 */
export function PasswordChangeFields({
  value,
  onChange,
  errors,
  autoFocus = false,
}: {
  value: PasswordChange;
  onChange: (next: PasswordChange) => void;
  errors: Partial<Record<keyof PasswordChange, string | undefined>>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="رمز عبور فعلی"
        dir="ltr"
        autoComplete="current-password"
        value={value.currentPassword}
        onChange={(e) => onChange({ ...value, currentPassword: e.currentTarget.value })}
        error={errors.currentPassword}
        name="currentPassword"
        data-autofocus={autoFocus || undefined}
      />
      <PasswordInput
        label="رمز عبور تازه (دست‌کم ۸ نویسه)"
        dir="ltr"
        autoComplete="new-password"
        value={value.newPassword}
        onChange={(e) => onChange({ ...value, newPassword: e.currentTarget.value })}
        error={errors.newPassword}
        name="newPassword"
      />
      <PasswordInput
        label="تکرار رمز عبور تازه"
        dir="ltr"
        autoComplete="new-password"
        value={value.repeat}
        onChange={(e) => onChange({ ...value, repeat: e.currentTarget.value })}
        error={errors.repeat}
        name="repeat"
      />
    </>
  );
}
