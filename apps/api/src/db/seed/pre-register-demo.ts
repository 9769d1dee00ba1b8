import type { Tx } from '../client';
import { preRegistrations } from '../schema/pre-register';
import { nationalCodeFrom } from './school-demo';

/** Demo pre-registrations for the grades the demo school offers, one in each early status. */
export async function seedPreRegisterDemo(tx: Tx): Promise<void> {
  const people = [
    ['محمد', 'حسینی', '005234567', '2010-05-12', 'male', 10, 'new'],
    ['نرگس', 'کاظمی', '006345678', '2009-11-02', 'female', 11, 'reviewing'],
    ['علی', 'صادقی', '007456789', '2008-08-21', 'male', 12, 'accepted'],
    ['مهسا', 'رحیمی', '008567891', '2010-02-17', 'female', 10, 'waitlisted'],
  ] as const;
  await tx.insert(preRegistrations).values(
    people.map(([firstName, lastName, nine, birthDate, gender, grade, status], i) => {
      const nationalCode = nationalCodeFrom(nine);
      return {
        trackingCode: `${1400000000 + i * 7919}`,
        academicYear: 1405,
        firstName,
        lastName,
        nationalCode,
        birthDate,
        gender,
        grade,
        previousSchool: 'دبیرستان شهید باهنر',
        lastAverage: (18 + i * 0.5).toFixed(2),
        fatherName: 'رضا',
        fatherMobile: `0912${String(3000000 + i).padStart(7, '0')}`,
        fatherJob: 'کارمند',
        motherName: 'مریم',
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
