import { FileInput, Progress, TextInput } from '@mantine/core';
import { useState } from 'react';
import { newsFa } from '../messages';

/** The image chosen for an item and how far its upload has got (null: not uploading). */
export function useCoverUpload() {
  const [cover, setCover] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  return { cover, setCover, progress, setProgress };
}

/** The item's title, the first field of both news forms. */
export function NewsTitleInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  return (
    <TextInput
      label={newsFa.fieldTitle}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/** Choosing the item's image: JPEG, PNG or WebP. */
export function CoverInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
}) {
  return (
    <FileInput
      label={label}
      accept="image/jpeg,image/png,image/webp"
      value={value}
      onChange={onChange}
      clearable
      placeholder={newsFa.coverTypes}
    />
  );
}

/** The image's upload, while it goes. */
export function UploadProgress({ progress }: { progress: number | null }) {
  return progress !== null ? <Progress value={progress * 100} aria-label={newsFa.uploading} /> : null;
}
