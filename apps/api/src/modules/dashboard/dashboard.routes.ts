import { dashboardContract } from '@madreseh/contract/dashboard/dashboard.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { implement } from '../../http/implement';
import { keptAnswers } from '../../http/kept-answers';
import { dashboardFigures } from './dashboard.service';

/**
 * The dashboard's figures, the same for every member of staff: kept for a second (http/kept-answers.ts), and
 * dropped sooner when a counted table changes, so that many requests at once run the statement once (they
 * share one load). The figures that move with the clock (news coming out, pre-registrations of the last
 * week) are at most that second behind.
 */
const keptFigures = keptAnswers(dashboardContract.get, {
  tables: [
    'news',
    'gallery_photos',
    'achievements',
    'contact_messages',
    'figures',
    'students',
    'invoices',
    'payments',
    'pre_registrations',
    'settings',
  ],
  ttlMs: 1000,
  max: 1,
});

export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  implement(app, dashboardContract.get, async () =>
    keptFigures(db, 'figures', async () => ({ answer: await dashboardFigures(db), keys: [] })),
  );
}
