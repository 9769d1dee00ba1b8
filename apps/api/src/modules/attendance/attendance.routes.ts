import { attendanceContract } from '@madreseh/contract/attendance/attendance.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { asAttachment, XLSX_TYPE } from '../../lib/spreadsheet';
import { addHoliday, listHolidays, removeHoliday, setAttendanceSettings } from './attendance.calendar';
import { monthXlsx } from './attendance.export';
import { classMonth, daySummary, monthTitle, myMonth, myNotices } from './attendance.reports';
import { getSheet, saveSheet } from './attendance.service';

export function registerAttendanceRoutes(app: FastifyInstance, db: Db): void {
  implement(app, attendanceContract.sheet, async ({ query, request }) => getSheet(db, requireAuth(request), query));
  implement(app, attendanceContract.save, async ({ body, request }) =>
    saveSheet(db, actorOf(request), requireAuth(request), body),
  );
  implement(app, attendanceContract.holidays, async () => listHolidays(db));
  implement(app, attendanceContract.addHoliday, async ({ body, request }) => addHoliday(db, actorOf(request), body));
  implement(app, attendanceContract.removeHoliday, async ({ params, request }) =>
    removeHoliday(db, actorOf(request), params.date),
  );
  implement(app, attendanceContract.setSettings, async ({ body, request }) =>
    setAttendanceSettings(db, actorOf(request), body),
  );
  implement(app, attendanceContract.classMonth, async ({ query }) =>
    classMonth(db, query.groupId, query.year, query.month),
  );
  implement(app, attendanceContract.exportMonth, async ({ query, reply }) => {
    const month = await classMonth(db, query.groupId, query.year, query.month);
    const name = `attendance-${query.groupId}-${query.year}-${String(query.month).padStart(2, '0')}.xlsx`;
    return asAttachment(reply, await monthXlsx(month), {
      type: XLSX_TYPE,
      name,
      persianName: `حضور و غیاب ${month.group.name} ${monthTitle(query.year, query.month)}.xlsx`,
    });
  });
  implement(app, attendanceContract.day, async ({ query }) => daySummary(db, query.date));
  implement(app, attendanceContract.mine, async ({ query, request }) => myMonth(db, requireAuth(request), query));
  implement(app, attendanceContract.notices, async ({ request }) => myNotices(db, requireAuth(request)));
}
