import { dashboardContract } from '@madreseh/contract/dashboard/dashboard.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { implement } from '../../http/implement';
import { dashboardFigures } from './dashboard.service';

export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  implement(app, dashboardContract.get, async () => dashboardFigures(db));
}
