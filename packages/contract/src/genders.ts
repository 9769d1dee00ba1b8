/** A student's gender, as students and pre-registrations record it, and its Persian label. No zod: the public form reads it. */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'پسر', female: 'دختر' };
