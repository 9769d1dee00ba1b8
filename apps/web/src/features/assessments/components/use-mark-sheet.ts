import { type Assessment, type Markbook, parseMark } from '@madreseh/contract/assessments/assessments.contract';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSaveMarks } from '../api';
import { formatScore } from '../marks-format';
import { assessmentsFa as t } from '../messages';

/** The marks of one assessment as typed, which of them are wrong, and saving them. */
export function useMarkSheet(book: Markbook, assessment: Assessment) {
  const [values, setValues] = useState<Record<number, string>>({});
  const [dirty, setDirty] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  // A save tried with a bad mark: said beside the button, where the eye is (not in a toast over it).
  const [tried, setTried] = useState(false);
  const save = useSaveMarks();
  const max = assessment.maxScore;

  useEffect(() => {
    const v: Record<number, string> = {};
    for (const s of book.students) {
      const m = assessment.marks[String(s.id)];
      v[s.id] = m === undefined ? '' : formatScore(m);
    }
    setValues(v);
    setDirty(false);
    setServerErrors({});
  }, [book.students, assessment]);

  const invalid = useMemo(() => {
    const bad = new Set<number>();
    for (const [id, v] of Object.entries(values))
      if (v.trim() !== '' && parseMark(v, max) === null) bad.add(Number(id));
    return bad;
  }, [values, max]);
  const taken = Object.values(values).filter((v) => v.trim() !== '').length;

  const setMark = (studentId: number, v: string) => {
    setValues((x) => ({ ...x, [studentId]: v }));
    setDirty(true);
  };

  const doSave = () => {
    setTried(true);
    if (invalid.size > 0) return;
    const marks = book.students.map((s) => ({ studentId: s.id, score: (values[s.id] ?? '').trim() || null }));
    save.mutate(
      { id: assessment.id, body: { marks } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t.marksSaved }),
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
          const byStudent: Record<number, string> = {};
          for (const [k, msg] of Object.entries(fields)) {
            const i = /^marks\.(\d+)\./.exec(k)?.[1];
            const s = i === undefined ? undefined : book.students[Number(i)];
            if (s) byStudent[s.id] = msg;
          }
          setServerErrors(byStudent);
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  return { values, setMark, dirty, serverErrors, invalid, taken, tried, doSave, saving: save.isPending };
}
