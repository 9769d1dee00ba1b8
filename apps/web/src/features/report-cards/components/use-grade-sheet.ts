import { type Grid, parseDescriptive, parseScore } from '@madreseh/contract/report-cards/report-cards.contract';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { formatDecimal } from '../../../lib/format';

export const cellKey = (studentId: number, subjectId: number) => `${studentId}.${subjectId}`;

/**
 * What the grade grid holds while it is typed into: the cells and remarks as text, the students changed
 * since the last answer, the cells the server refused, and the cells that are not a valid grade.
 */
export function useGradeSheet(grid: Grid, numeric: boolean) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [dirty, setDirty] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

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

  const setCell = (studentId: number, subjectId: number, value: string) => {
    setValues((v) => ({ ...v, [cellKey(studentId, subjectId)]: value }));
    setDirty((d) => new Set(d).add(studentId));
  };

  const setRemark = (studentId: number, value: string) => {
    setRemarks((r) => ({ ...r, [studentId]: value }));
    setDirty((d) => new Set(d).add(studentId));
  };

  return { values, remarks, dirty, serverErrors, setServerErrors, invalid, setCell, setRemark };
}

export type GradeSheet = ReturnType<typeof useGradeSheet>;

/** Holds an in-app navigation, and warns on a reload or a closed tab, while there are unsaved changes. */
export function useUnsavedGuard(dirty: Set<number>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (dirty.size === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
