import { type Achievement, achievementBodySchema } from '@madreseh/contract/achievements/achievements.contract';
import { todayIso } from '@madreseh/contract/jalali';
import { IMAGE_LIMITS } from '@madreseh/contract/uploads';
import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { useFormState } from '../../../lib/use-form-state';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import type { AchievementSubmit } from '../api';
import { achievementsFa } from '../messages';

const f = achievementsFa.admin.form;

type Image = AchievementSubmit['image'];

/** The create or edit dialog; it does not close while saving. */
export function AchievementDialog({
  editing,
  saving,
  progress,
  serverError,
  onSubmit,
  onClose,
}: {
  editing: Achievement | 'new' | null;
  saving: boolean;
  progress: number | null;
  serverError: ApiError | null;
  onSubmit: (s: AchievementSubmit) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={editing !== null}
      onClose={() => !saving && onClose()}
      title={editing === 'new' ? f.newTitle : f.editTitle}
      size="lg"
    >
      {editing !== null && (
        <AchievementForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          saving={saving}
          progress={progress}
          serverError={serverError}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

/** The dialog's form: title, description, date and image of a new or an existing achievement. */
function AchievementForm({
  initial,
  saving,
  progress,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: Achievement | null;
  saving: boolean;
  progress: number | null;
  serverError: ApiError | null;
  onSubmit: (s: AchievementSubmit) => void;
  onCancel: () => void;
}) {
  const form = useFormState({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    date: initial?.date ?? todayIso(),
  });
  const { title, description, date } = form.values;
  const [image, setImage] = useState<Image>(null);
  const fieldErrors = { ...(serverError?.fields ?? {}), ...form.errors };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (form.check(achievementBodySchema)) onSubmit({ ...achievementBodySchema.parse(form.values), image });
      }}
    >
      <Stack>
        {serverError && !serverError.fields && (
          <Alert color="red" variant="light">
            {serverError.message}
          </Alert>
        )}
        <TextInput
          label={f.title}
          required
          value={title}
          maxLength={200}
          onChange={(e) => form.set('title', e.currentTarget.value)}
          error={fieldErrors.title}
          data-autofocus
        />
        <Textarea
          label={f.description}
          value={description}
          maxLength={2000}
          autosize
          minRows={3}
          onChange={(e) => form.set('description', e.currentTarget.value)}
          error={fieldErrors.description}
        />
        <JalaliDateInput
          label={f.date}
          required
          value={date}
          onChange={(d) => form.set('date', d ?? '')}
          error={fieldErrors.date}
        />
        <ImageField initial={initial} image={image} setImage={setImage} progress={progress} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {f.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {f.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The image: the one it has, or the file chosen, a button to choose and one to remove. */
function ImageField({
  initial,
  image,
  setImage,
  progress,
}: {
  initial: Achievement | null;
  image: Image;
  setImage: (i: Image) => void;
  progress: number | null;
}) {
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {f.image}
      </Text>
      <Group gap="sm">
        {initial?.image && image === null && (
          <img
            src={initial.image.thumb}
            alt=""
            width={120}
            height={80}
            style={{ objectFit: 'cover', borderRadius: 6 }}
          />
        )}
        {image && image !== 'remove' && (
          <Text fz="sm" dir="ltr">
            {image.name}
          </Text>
        )}
        <FileButton onChange={(file) => file && setImage(file)} accept={IMAGE_LIMITS.mimeTypes.join(',')}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={16} />}>
              {f.chooseImage}
            </Button>
          )}
        </FileButton>
        {((image && image !== 'remove') || (initial?.image && image !== 'remove')) && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} />}
            onClick={() => setImage(initial?.image ? 'remove' : null)}
          >
            {f.removeImage}
          </Button>
        )}
      </Group>
      {progress !== null && <Progress value={Math.round(progress * 100)} animated aria-label={f.image} />}
    </Stack>
  );
}
