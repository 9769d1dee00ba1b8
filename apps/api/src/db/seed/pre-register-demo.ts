import type { Tx } from '../client';
import { preRegistrations } from '../schema/pre-register';
import { nationalCodeFrom } from './school-demo';

/** Demo pre-registrations of girls for grades the demo school offers, one in each early status. */
export async function seedPreRegisterDemo(tx: Tx): Promise<void> {
  const people = [
    ['ریحانه', 'حسینی', '005234567', '2014-05-12', 'female', 7, 'new', 'دبستان دخترانهٔ شهید باهنر', 18.5],
    ['نرگس', 'کاظمی', '006345678', '2013-11-02', 'female', 8, 'reviewing', 'مدرسهٔ دخترانهٔ پروین', 19],
    ['تارا', 'صادقی', '007456789', '2019-08-21', 'female', 1, 'accepted', 'پیش‌دبستانی شکوفه', null],
    ['مهسا', 'رحیمی', '008567891', '2014-02-17', 'female', 7, 'waitlisted', 'دبستان دخترانهٔ شهید باهنر', 19.75],
  ] as const;
  await tx.insert(preRegistrations).values(
    people.map(([firstName, lastName, nine, birthDate, gender, grade, status, previousSchool, average], i) => {
      const nationalCode = nationalCodeFrom(nine);
      return {
        trackingCode: `${14050000 + i * 7919}`,
        academicYear: 1405,
        firstName,
        lastName,
        nationalCode,
        birthDate,
        gender,
        grade,
        previousSchool,
        lastAverage: average === null ? null : average.toFixed(2),
        fatherName: `رضا ${lastName}`,
        fatherMobile: `0912${String(3000000 + i).padStart(7, '0')}`,
        fatherJob: 'کارمند',
        motherName: 'مریم احمدی',
        motherMobile: '',
        motherJob: 'معلم',
        phone: '02166400000',
        address: 'تهران، خیابان آزادی، پلاک ۴',
        notes: '',
        status,
        searchText: `${firstName} ${lastName} ${nationalCode}`,
      };
    }),
  );
}
