import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, idSchema } from '../ids';
import { mobileSchema, nationalCodeSchema } from '../iran';
import { gridQuerySchema, gridSaveSchema, gridSchema } from '../report-cards/report-cards.contract';
import { STAFF, TEACHER } from '../roles';
import { text, tidyPersian } from '../text';

const requiredName = (label: string) =>
  text({ error: `${label} را وارد کنید.` })
    .transform((v) => tidyPersian(v))
    .refine((v) => v.length > 0, { error: `${label} را وارد کنید.` })
    .refine((v) => v.length <= 100, { error: `${label} بیش از حد طولانی است.` });

/** What staff type for a teacher; the mobile is the teacher's username. */
export const teacherInputSchema = z.object({
  firstName: requiredName('نام'),
  lastName: requiredName('نام خانوادگی'),
  mobile: mobileSchema,
  nationalCode: nationalCodeSchema,
});
export type TeacherInput = z.input<typeof teacherInputSchema>;

/** One (class, subject) pair a teacher teaches in the class's academic year. */
export const assignmentSchema = z.object({
  subjectId: z.number().int(),
  subjectName: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  academicYear: z.number().int(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const teacherSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string(),
  mobile: z.string(),
  nationalCode: z.string(),
  active: z.boolean(),
  assignments: z.array(assignmentSchema),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** What a login slip prints: the username and a password shown once. */
export const teacherCredentialsSchema = z.object({
  teacherId: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  password: z.string(),
});
export type TeacherCredentials = z.infer<typeof teacherCredentialsSchema>;

export const assignBodySchema = z.object({
  subjectIds: z.array(idSchema).max(100, { error: 'حداکثر ۱۰۰ درس.' }),
});

/** A class as its teacher sees it: the subjects of it that are theirs. */
export const myClassSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  gradeLevel: z.number().int(),
  academicYear: z.number().int(),
  usesMonthly: z.boolean(),
  studentCount: z.number().int(),
  subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type MyClass = z.infer<typeof myClassSchema>;

export const teachersContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/teacher/list',
    access: STAFF,
    summary: 'Every teacher with their (class, subject) assignments, in Persian alphabetical order',
    response: z.object({ items: z.array(teacherSchema) }),
    noStore: true,
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/teacher',
    access: STAFF,
    summary: 'Creates a teacher account (the mobile is the username) and answers its first password once',
    body: teacherInputSchema,
    response: z.object({ teacher: teacherSchema, credentials: teacherCredentialsSchema }),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/teacher/:id',
    access: STAFF,
    summary: "Changes a teacher's name, mobile (and username) and national code",
    params: idParams,
    body: teacherInputSchema,
    response: teacherSchema,
  }),
  setActive: endpoint({
    method: 'POST',
    path: 'panel/teacher/:id/active',
    access: STAFF,
    summary: 'Turns a teacher account on or off (off ends its sessions)',
    params: idParams,
    body: z.object({ active: z.boolean() }),
    response: teacherSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'panel/teacher/:id/password',
    access: STAFF,
    summary: 'Gives a teacher a new random password (ends their sessions) and answers it once, for a login slip',
    params: idParams,
    response: teacherCredentialsSchema,
  }),
  assign: endpoint({
    method: 'PUT',
    path: 'panel/teacher/:id/subjects',
    access: STAFF,
    summary: "Replaces a teacher's (class, subject) pairs; a subject taught by another teacher is refused",
    params: idParams,
    body: assignBodySchema,
    response: teacherSchema,
  }),
  myClasses: endpoint({
    method: 'GET',
    path: 'teacher/classes',
    access: TEACHER,
    summary: "The caller's classes and, in each, the subjects assigned to them",
    response: z.object({ fullName: z.string(), items: z.array(myClassSchema) }),
    noStore: true,
  }),
  grid: endpoint({
    method: 'GET',
    path: 'teacher/report-card',
    access: TEACHER,
    summary: "A class's grades for one term, limited to the caller's subjects",
    query: gridQuerySchema,
    response: gridSchema,
    noStore: true,
  }),
  save: endpoint({
    method: 'PUT',
    path: 'teacher/report-card',
    access: TEACHER,
    summary: "Saves grades of the caller's subjects (not remarks); a published term is read-only",
    body: gridSaveSchema,
    response: gridSchema,
  }),
} as const;
