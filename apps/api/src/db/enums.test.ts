import { ASSESSMENT_KINDS } from '@madreseh/contract/assessments/assessments.contract';
import { ATTENDANCE_STATES } from '@madreseh/contract/attendance/attendance.contract';
import { GENDERS } from '@madreseh/contract/genders';
import { GRADING_SCALES } from '@madreseh/contract/groups/groups.contract';
import { NEWS_AUDIENCES, NEWS_STATUSES } from '@madreseh/contract/news/news.contract';
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATES } from '@madreseh/contract/notifications/notifications.contract';
import { PARENT_RELATIONS } from '@madreseh/contract/parents/parents.contract';
import { MONEY_UNITS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@madreseh/contract/payments/payment-schemas';
import { PRE_REGISTER_STATUSES } from '@madreseh/contract/pre-register/pre-register.contract';
import { ROLES } from '@madreseh/contract/roles';
import { STUDENT_STATUSES } from '@madreseh/contract/students/students.contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { assessmentKindEnum } from './schema/assessments';
import { attendanceStateEnum } from './schema/attendance';
import { notificationChannelEnum, notificationStateEnum } from './schema/notifications';
import { parentRelationEnum } from './schema/parents';
import { moneyUnitEnum, paymentMethodEnum, paymentStatusEnum } from './schema/payments';
import { preRegisterStatusEnum } from './schema/pre-register';
import { genderEnum, gradingScaleEnum, studentStatusEnum } from './schema/school';
import { newsAudienceEnum, newsStatusEnum } from './schema/site';
import { roleEnum } from './schema/users';

/** Every database enum, with the contract's list it is made from. */
const ENUMS = [
  [roleEnum, ROLES],
  [paymentMethodEnum, PAYMENT_METHODS],
  [paymentStatusEnum, PAYMENT_STATUSES],
  [moneyUnitEnum, MONEY_UNITS],
  [preRegisterStatusEnum, PRE_REGISTER_STATUSES],
  [newsAudienceEnum, NEWS_AUDIENCES],
  [newsStatusEnum, NEWS_STATUSES],
  [gradingScaleEnum, GRADING_SCALES],
  [studentStatusEnum, STUDENT_STATUSES],
  [genderEnum, GENDERS],
  [attendanceStateEnum, ATTENDANCE_STATES],
  [parentRelationEnum, PARENT_RELATIONS],
  [notificationChannelEnum, NOTIFICATION_CHANNELS],
  [notificationStateEnum, NOTIFICATION_STATES],
  [assessmentKindEnum, ASSESSMENT_KINDS],
] as const;

describe('database enums', () => {
  const t = useTestApp();

  it('are made from the contract’s lists', () => {
    for (const [pgEnum, list] of ENUMS) expect(pgEnum.enumValues, pgEnum.enumName).toEqual([...list]);
  });

  it('hold in the migrated database exactly the contract’s values, in its order', async () => {
    const result: unknown = await t.db.execute(sql`
      select t.typname as name, e.enumlabel as value
      from pg_type t join pg_enum e on e.enumtypid = t.oid
      join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = current_schema()
      order by t.typname, e.enumsortorder`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      name: string;
      value: string;
    }[];
    const inDatabase = new Map<string, string[]>();
    for (const r of rows) inDatabase.set(r.name, [...(inDatabase.get(r.name) ?? []), r.value]);
    // No enum in the database that the schema does not declare.
    expect([...inDatabase.keys()].sort()).toEqual(ENUMS.map(([e]) => e.enumName).sort());
    for (const [pgEnum, list] of ENUMS) expect(inDatabase.get(pgEnum.enumName), pgEnum.enumName).toEqual([...list]);
  });
});
