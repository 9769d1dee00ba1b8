import {
  DESCRIPTIVE_GRADES,
  DESCRIPTIVE_LABELS,
  type Grid,
  parseDescriptive,
  parseScore,
  TERM_LABELS,
} from '@madreseh/contract/report-cards/report-cards.contract';
import { Alert, Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEye, IconEyeOff, IconLock, IconWand } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatDecimal, formatNumber } from '../../../lib/format';
import { typedDecimal } from '../../../ui/digits-input';
import { useFillFromMarks, usePublish, useSaveGrid } from '../api';
import { reportCardsFa as t } from '../messages';
import classes from '../report-cards.module.css';

const cellKey = (studentId: number, subjectId: number) => `${studentId}.${subjectId}`;

function formatAverage(n: number | null): string {
  return n === null ? '—' : formatDecimal(n, 2);
}

/**
 * The grade grid: rows are students, columns are the subjects the grid answer holds. Staff see every
 * subject, remarks and the publish buttons; a teacher (`forTeacher`) gets the columns of her subjects
 * only (the server cuts them), no remarks and no publishing, and a published term read-only.
 */
export function GradeGrid({ grid, forTeacher = false }: { grid: Grid; forTeacher?: boolean }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [dirty, setDirty] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useSaveGrid(forTeacher);
  const readOnly = forTeacher && grid.published;
  const showRemarks = !forTeacher;
  const publish = usePublish();
  const numeric = grid.group.gradingScale === 'numeric';
  // A teacher fills a column from her continuous marks; the grades stay editable afterwards.
  const fill = useFillFromMarks();
  const canFill = forTeacher && numeric && !readOnly;
  const [filling, setFilling] = useState<{ id: number; name: string } | null>(null);
  const doFill = () => {
    if (!filling) return;
    fill.mutate(
      { groupId: grid.group.id, subjectId: filling.id, term: grid.term },
      {
        onSuccess: (r) => {
          setFilling(null);
          notifications.show({
            color: 'green',
            message: t.filled(filling.name, formatNumber(r.filled), formatNumber(r.skipped)),
          });
        },
        onError: (err) => {
          setFilling(null);
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  // Load what the server holds whenever the grid answer changes.
  useEffect(() => {
    const v: Record<string, string> = {};
    const r: Record<number, string> = {};
    for (const row of grid.rows) {
      for (const s of grid.subjects) {
        const raw = row.grades[String(s.id)];
        v[cellKey(row.studentId, s.id)] = raw === undefined ? '' : numeric ? formatDecimal(raw) : raw;
      }
      r[row.studentId] = row.remarks ?? '';
    }
    setValues(v);
    setRemarks(r);
    setDirty(new Set());
    setServerErrors({});
  }, [grid, numeric]);

  const invalid = useMemo(() => {
    const bad = new Set<string>();
    for (const [k, v] of Object.entries(values)) {
      if (v.trim() === '') continue;
      if (numeric ? parseScore(v) === null : parseDescriptive(v) === null) bad.add(k);
    }
    return bad;
  }, [values, numeric]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (dirty.size === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const setCell = (studentId: number, subjectId: number, value: string) => {
    setValues((v) => ({ ...v, [cellKey(studentId, subjectId)]: value }));
    setDirty((d) => new Set(d).add(studentId));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, row: number, col: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const next = document.querySelector<HTMLElement>(`[data-cell="${row + (e.shiftKey ? -1 : 1)}:${col}"]`);
    next?.focus();
    if (next instanceof HTMLInputElement) next.select();
  };

  const doSave = () => {
    if (invalid.size > 0) {
      notifications.show({ color: 'red', message: t.fixCells });
      return;
    }
    save.mutate(
      {
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
      },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t.saved }),
        onError: (err) => {
          setServerErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  const doPublish = (published: boolean, reason?: string) =>
    publish.mutate(
      { groupId: grid.group.id, term: grid.term, published, ...(published ? {} : { reason }) },
      {
        onSuccess: (r) => {
          setAsking(null);
          setReason('');
          notifications.show({
            color: 'green',
            message: published ? t.publishedDone(formatNumber(r.count)) : t.unpublishedDone,
          });
        },
        onError: (err) => notifications.show({ color: 'red', message: err.message }),
      },
    );
  // Publishing or withdrawing a whole class is confirmed first; withdrawing asks why (audited).
  const [asking, setAsking] = useState<'publish' | 'withdraw' | null>(null);
  const [reason, setReason] = useState('');
  const graded = grid.rows.filter((r) => Object.keys(r.grades).length > 0).length;

  if (grid.subjects.length === 0) return <Alert color="gray">{t.noSubjects}</Alert>;
  if (grid.rows.length === 0) return <Alert color="gray">{t.noStudents}</Alert>;

  return (
    <>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'withdraw' ? t.withdrawTitle : t.publishTitle}
        centered
      >
        <Stack>
          {asking === 'publish' ? (
            <Text data-testid="publish-preview">{t.publishPreview(formatNumber(graded), grid.group.name)}</Text>
          ) : (
            <Textarea
              label={t.withdrawReason}
              description={t.withdrawHint}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t.cancel}
            </Button>
            <Button
              color={asking === 'withdraw' ? 'red' : undefined}
              loading={publish.isPending}
              disabled={asking === 'withdraw' && reason.trim().length < 3}
              onClick={() => doPublish(asking === 'publish', reason.trim())}
            >
              {asking === 'withdraw' ? t.withdrawConfirm : t.publishConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={filling !== null} onClose={() => setFilling(null)} title={t.fillTitle} centered>
        <Stack>
          <Text data-testid="fill-preview">{filling ? t.fillText(filling.name, TERM_LABELS[grid.term]) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFilling(null)}>
              {t.cancel}
            </Button>
            <Button loading={fill.isPending} onClick={doFill} data-testid="fill-confirm">
              {t.fillConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Badge color={grid.published ? 'green' : 'gray'} variant="light" size="lg" data-testid="publish-state">
            {grid.published ? t.published : t.notPublished}
          </Badge>
          {dirty.size > 0 && (
            <Text size="sm" c="orange.8">
              {t.unsaved(formatNumber(dirty.size))}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {!readOnly && (
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={doSave}
              loading={save.isPending}
              disabled={dirty.size === 0}
            >
              {t.save}
            </Button>
          )}
          {!forTeacher &&
            (grid.published ? (
              <Button
                variant="light"
                color="gray"
                leftSection={<IconEyeOff size={18} />}
                onClick={() => setAsking('withdraw')}
                loading={publish.isPending}
              >
                {t.unpublish}
              </Button>
            ) : (
              <Button
                variant="light"
                leftSection={<IconEye size={18} />}
                onClick={() => setAsking('publish')}
                loading={publish.isPending}
                disabled={dirty.size > 0}
              >
                {t.publish}
              </Button>
            ))}
        </Group>
      </Group>
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="sm" data-testid="read-only">
          {t.teacherReadOnly}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={(showRemarks ? 300 : 140) + grid.subjects.length * 90}>
          <Table withColumnBorders stickyHeader className={classes.grid} data-testid="grade-grid">
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.nameCol}>{t.student}</Table.Th>
                {grid.subjects.map((s) => (
                  <Table.Th key={s.id} ta="center">
                    <Text size="sm" fw={600} lh={1.3}>
                      {s.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`${t.weight} ${digitsToPersian(s.weight)}`}
                    </Text>
                    {canFill && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        mt={4}
                        leftSection={<IconWand size={14} />}
                        aria-label={t.fillLabel(s.name)}
                        onClick={() =>
                          dirty.size > 0
                            ? notifications.show({ color: 'orange', message: t.fillSaveFirst })
                            : setFilling({ id: s.id, name: s.name })
                        }
                        data-testid="fill-from-marks"
                      >
                        {t.fillShort}
                      </Button>
                    )}
                  </Table.Th>
                ))}
                {numeric && <Table.Th ta="center">{t.average}</Table.Th>}
                {showRemarks && <Table.Th miw={180}>{t.remarks}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.rows.map((row, ri) => (
                <Table.Tr key={row.studentId}>
                  <Table.Td className={classes.nameCol}>
                    <Text size="sm" fw={600}>
                      {row.fullName}
                    </Text>
                  </Table.Td>
                  {grid.subjects.map((s, ci) => {
                    const k = cellKey(row.studentId, s.id);
                    const bad = invalid.has(k) || Boolean(serverErrors[k]);
                    const label = t.cellLabel(row.fullName, s.name);
                    return (
                      <Table.Td key={s.id} p={2} className={bad ? classes.bad : undefined}>
                        {numeric ? (
                          <input
                            className={classes.cell}
                            data-cell={`${ri}:${ci}`}
                            aria-label={label}
                            aria-invalid={bad}
                            title={bad ? (serverErrors[k] ?? t.badCell) : undefined}
                            inputMode="decimal"
                            value={values[k] ?? ''}
                            readOnly={readOnly}
                            onChange={(e) => setCell(row.studentId, s.id, typedDecimal(e.currentTarget.value))}
                            onKeyDown={(e) => onKeyDown(e, ri, ci)}
                            onFocus={(e) => e.currentTarget.select()}
                          />
                        ) : (
                          <NativeSelect
                            size="xs"
                            variant="unstyled"
                            data-cell={`${ri}:${ci}`}
                            aria-label={label}
                            data={[
                              { value: '', label: '—' },
                              ...DESCRIPTIVE_GRADES.map((g) => ({ value: g, label: DESCRIPTIVE_LABELS[g] })),
                            ]}
                            value={values[k] ?? ''}
                            disabled={readOnly}
                            onChange={(e) => setCell(row.studentId, s.id, e.currentTarget.value)}
                            onKeyDown={(e) => onKeyDown(e, ri, ci)}
                          />
                        )}
                      </Table.Td>
                    );
                  })}
                  {numeric && (
                    <Table.Td ta="center" className="tabular">
                      {formatAverage(row.average)}
                    </Table.Td>
                  )}
                  {showRemarks && (
                    <Table.Td p={2}>
                      <input
                        className={classes.cell}
                        style={{ textAlign: 'start' }}
                        aria-label={`${t.remarks} — ${row.fullName}`}
                        data-cell={`${ri}:${grid.subjects.length}`}
                        value={remarks[row.studentId] ?? ''}
                        maxLength={500}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setRemarks((r) => ({ ...r, [row.studentId]: v }));
                          setDirty((d) => new Set(d).add(row.studentId));
                        }}
                        onKeyDown={(e) => onKeyDown(e, ri, grid.subjects.length)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t.leaveTitle}>
        <Text>{t.leaveText}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t.stay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t.leave}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
