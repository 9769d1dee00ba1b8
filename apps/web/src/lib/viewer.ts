import { useLocation, useParams } from 'react-router';

/**
 * Who is looking at a student's pages: the student themself, or a parent looking at one of their
 * children. The student's pages (news, report card, invoices, payments) serve both: each feature's
 * api.ts picks the endpoint for the viewer (`student/…` or `parent/children/:childId/…`), and links
 * stay inside the viewer's area.
 */
export type Viewer = { kind: 'student' } | { kind: 'parent'; childId: number };

export const STUDENT_VIEWER: Viewer = { kind: 'student' };

/** The viewer of the current page: a parent under /parent/:childId/…, else the student. */
export function useViewer(): Viewer {
  const { childId } = useParams();
  const { pathname } = useLocation();
  const id = Number(childId);
  if (pathname.startsWith('/parent/') && Number.isInteger(id) && id > 0) return { kind: 'parent', childId: id };
  return STUDENT_VIEWER;
}

/** A page address inside the viewer's area: `viewerPath(v, 'invoices')` → /student/invoices or /parent/7/invoices. */
export function viewerPath(v: Viewer, rest = ''): string {
  const base = v.kind === 'parent' ? `/parent/${v.childId}` : '/student';
  return rest ? `${base}/${rest.replace(/^\//, '')}` : base;
}

/** The path parameters a parent's endpoint takes for the child; none for the student's own. */
export function childParamsOf(v: Viewer & { kind: 'parent' }): { childId: number } {
  return { childId: v.childId };
}

/** A sentence in the words fit for the viewer: the student's own («برای شما») or a parent's («برای این فرزند»). */
export function wordsFor<T>(v: Viewer, words: { student: T; parent: T }): T {
  return v.kind === 'parent' ? words.parent : words.student;
}
