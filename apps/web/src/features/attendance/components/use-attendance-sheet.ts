import type { AttendanceState, Sheet } from '@madreseh/contract/attendance/attendance.contract';
import { useEffect, useMemo, useState } from 'react';
import { useSaveSheet } from '../api';
import { attendanceFa as t } from '../messages';
import { newClientKey } from '../queue';

export interface Mark {
  state: AttendanceState;
  lateMinutes: number | null;
  reason: string;
}

export const PRESENT: Mark = { state: 'present', lateMinutes: null, reason: '' };

/** A class's day as marked on the phone, its counts, and saving it (or queuing it without a network). */
export function useAttendanceSheet(sheet: Sheet) {
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [dirty, setDirty] = useState(false);
  // Said on the page, not in a toast: a toast's code may not be on the phone when the network is gone.
  const [status, setStatus] = useState<{ color: string; text: string } | null>(null);
  const save = useSaveSheet();
  useEffect(() => {
    const m: Record<number, Mark> = {};
    for (const r of sheet.rows) m[r.studentId] = { state: r.state, lateMinutes: r.lateMinutes, reason: r.reason ?? '' };
    setMarks(m);
    setDirty(false);
  }, [sheet]);

  const set = (id: number, patch: Partial<Mark>) => {
    setMarks((m) => ({ ...m, [id]: { ...(m[id] ?? PRESENT), ...patch } }));
    setDirty(true);
  };
  const counts = useMemo(() => {
    const c = { present: 0, absent: 0, late: 0, excused: 0 };
    for (const m of Object.values(marks)) c[m.state]++;
    return c;
  }, [marks]);
  const incomplete = Object.values(marks).some(
    (m) => (m.state === 'late' && !m.lateMinutes) || (m.state === 'excused' && !m.reason.trim()),
  );

  const doSave = () =>
    save.mutate(
      {
        clientKey: newClientKey(),
        groupId: sheet.group.id,
        date: sheet.date,
        period: sheet.period,
        entries: sheet.rows.map((r) => {
          const m = marks[r.studentId] ?? PRESENT;
          return {
            studentId: r.studentId,
            state: m.state,
            lateMinutes: m.state === 'late' ? m.lateMinutes : null,
            reason: m.state === 'excused' || m.state === 'absent' ? m.reason || null : null,
          };
        }),
      },
      {
        onSuccess: (r) => {
          setDirty(false);
          setStatus({
            color: r.queued ? 'orange' : 'green',
            text: r.queued ? t.queued : r.sheet?.replayed ? t.replayed : t.saved,
          });
        },
        onError: (err) => setStatus({ color: 'red', text: err.message }),
      },
    );

  return { marks, set, dirty, status, counts, incomplete, doSave, saving: save.isPending };
}
