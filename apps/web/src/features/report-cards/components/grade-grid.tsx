import type { Grid, GridSave } from '@madreseh/contract/report-cards/report-cards.contract';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEye, IconEyeOff, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { usePublish, useSaveGrid } from '../api';
import { reportCardsFa as t } from '../messages';
import { type Asking, FillModal, type FillTarget, LeaveModal, PublishModal } from './grade-grid-modals';
import { GradeTable } from './grade-grid-table';
import { cellKey, type GradeSheet, useGradeSheet, useUnsavedGuard } from './use-grade-sheet';

/** The rows of the students changed since the last answer, each with all its cells. */
function saveBody(grid: Grid, { dirty, values, remarks }: GradeSheet, showRemarks: boolean): GridSave {
  return {
    groupId: grid.group.id,
    term: grid.term,
    rows: grid.rows
      .filter((r) => dirty.has(r.studentId))
      .map((r) => ({
        studentId: r.studentId,
        grades: grid.subjects.map((s) => {
          const v = (values[cellKey(r.studentId, s.id)] ?? '').trim();
          return { subjectId: s.id, value: v === '' ? null : v };
        }),
        ...(showRemarks ? { remarks: remarks[r.studentId] ?? '' } : {}),
      })),
  };
}

/**
 * The grade grid: rows are students, columns are the subjects the grid answer holds. Staff see every
 * subject, remarks and the publish buttons; a teacher (`forTeacher`) gets the columns of her subjects
 * only (the server cuts them), no remarks and no publishing, and a published term read-only.
 */
export function GradeGrid({ grid, forTeacher = false }: { grid: Grid; forTeacher?: boolean }) {
  const numeric = grid.group.gradingScale === 'numeric';
  const sheet = useGradeSheet(grid, numeric);
  const { dirty, invalid } = sheet;
  const save = useSaveGrid(forTeacher);
  const publish = usePublish();
  const readOnly = forTeacher && grid.published;
  const showRemarks = !forTeacher;
  const canFill = forTeacher && numeric && !readOnly;
  const [filling, setFilling] = useState<FillTarget | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const blocker = useUnsavedGuard(dirty);

  const doSave = () => {
    if (invalid.size > 0) {
      notifications.show({ color: 'red', message: t.fixCells });
      return;
    }
    save.mutate(saveBody(grid, sheet, showRemarks), {
      onSuccess: () => notifications.show({ color: 'green', message: t.saved }),
      onError: (err) => {
        sheet.setServerErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
        notifications.show({ color: 'red', message: err.message });
      },
    });
  };

  if (grid.subjects.length === 0) return <Alert color="gray">{t.noSubjects}</Alert>;
  if (grid.rows.length === 0) return <Alert color="gray">{t.noStudents}</Alert>;

  return (
    <>
      <PublishModal grid={grid} asking={asking} publish={publish} onClose={() => setAsking(null)} />
      <FillModal grid={grid} filling={filling} onClose={() => setFilling(null)} />
      <GridToolbar
        grid={grid}
        dirty={dirty.size}
        readOnly={readOnly}
        forTeacher={forTeacher}
        saving={save.isPending}
        onSave={doSave}
        publish={publish}
        onAsk={setAsking}
      />
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="sm" data-testid="read-only">
          {t.teacherReadOnly}
        </Alert>
      )}
      <GradeTable
        grid={grid}
        sheet={sheet}
        numeric={numeric}
        showRemarks={showRemarks}
        readOnly={readOnly}
        canFill={canFill}
        onFill={(s) =>
          dirty.size > 0
            ? notifications.show({ color: 'orange', message: t.fillSaveFirst })
            : setFilling({ id: s.id, name: s.name })
        }
      />
      <LeaveModal blocker={blocker} />
    </>
  );
}

function PublishButton({
  grid,
  publish,
  dirty,
  onAsk,
}: {
  grid: Grid;
  publish: ReturnType<typeof usePublish>;
  dirty: boolean;
  onAsk: (a: Asking) => void;
}) {
  return grid.published ? (
    <Button
      variant="light"
      color="gray"
      leftSection={<IconEyeOff size={18} />}
      onClick={() => onAsk('withdraw')}
      loading={publish.isPending}
    >
      {t.unpublish}
    </Button>
  ) : (
    <Button
      variant="light"
      leftSection={<IconEye size={18} />}
      onClick={() => onAsk('publish')}
      loading={publish.isPending}
      disabled={dirty}
    >
      {t.publish}
    </Button>
  );
}

function GridToolbar({
  grid,
  dirty,
  readOnly,
  forTeacher,
  saving,
  onSave,
  publish,
  onAsk,
}: {
  grid: Grid;
  dirty: number;
  readOnly: boolean;
  forTeacher: boolean;
  saving: boolean;
  onSave: () => void;
  publish: ReturnType<typeof usePublish>;
  onAsk: (a: Asking) => void;
}) {
  return (
    <Group justify="space-between" mb="sm" gap="xs">
      <Group gap="xs">
        <Badge color={grid.published ? 'green' : 'gray'} variant="light" size="lg" data-testid="publish-state">
          {grid.published ? t.published : t.notPublished}
        </Badge>
        {dirty > 0 && (
          <Text size="sm" c="orange.8">
            {t.unsaved(formatNumber(dirty))}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {!readOnly && (
          <Button leftSection={<IconDeviceFloppy size={18} />} onClick={onSave} loading={saving} disabled={dirty === 0}>
            {t.save}
          </Button>
        )}
        {!forTeacher && <PublishButton grid={grid} publish={publish} dirty={dirty > 0} onAsk={onAsk} />}
      </Group>
    </Group>
  );
}
