import { todayIso } from '@madreseh/contract/jalali';
import { isClosedDay, lastSchoolDay } from '@madreseh/contract/school-days';
import { describe, expect, it } from 'vitest';
import { baseURL, loginByApi, newContext, PHONE, signInByApi, useBrowser, watchErrors } from './support';

const browser = useBrowser();

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { items: { date: string }[] } };
}

describe('a day the school is closed', () => {
  it('opens the teacher’s attendance on the last school day, and the dashboard says the school is closed', async () => {
    const { token: admin } = await signInByApi('admin');
    const today = todayIso();
    // Today is made a closed day: a Friday is one already, another day becomes a holiday for this test.
    const added = !isClosedDay(today, []);
    if (added) {
      const res = await api(admin, 'POST', 'panel/attendance/holidays', { date: today, title: 'تعطیلی آزمایشی' });
      expect(res.status).toBeLessThan(300);
    }
    try {
      const holidays = (await api(admin, 'GET', 'attendance/holidays')).json.items;
      const expected = lastSchoolDay(today, holidays);
      expect(expected < today).toBe(true);

      const teacherContext = await newContext(browser(), { viewport: PHONE });
      const page = await teacherContext.newPage();
      const errors = watchErrors(page);
      await loginByApi(teacherContext, 'teacher1');
      const asked = page.waitForResponse((r) => r.url().includes('/api/v1/attendance/sheet?'));
      await page.goto('/teacher/attendance');
      expect(new URL((await asked).url()).searchParams.get('date')).toBe(expected);
      await page.getByTestId('attendance-row').first().waitFor();
      expect(await page.getByTestId('closed-day').count()).toBe(0);
      expect(errors).toEqual([]);
      await teacherContext.close();

      const staffContext = await newContext(browser());
      const staff = await staffContext.newPage();
      await loginByApi(staffContext, 'admin');
      await staff.goto('/dashboard/attendance');
      const closed = staff.getByTestId('day-closed');
      await closed.waitFor();
      expect(await closed.textContent()).toContain('امروز مدرسه تعطیل است');
      expect(await staff.getByText('ثبت نشده', { exact: false }).count()).toBe(0);
      // One tap shows the last school day, its classes taken or not.
      await closed.getByRole('button').click();
      await staff.getByText(/کلاس از .* کلاس ثبت شده/).waitFor();
      await staffContext.close();
    } finally {
      if (added) await api(admin, 'DELETE', `panel/attendance/holidays/${today}`);
    }
  });
});
