import { systemContract } from '@madreseh/contract/system/system.contract';
import type { FastifyInstance } from 'fastify';
import { type Db, pingDatabase } from '../../db/client';
import { implement } from '../../http/implement';

export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  implement(app, systemContract.health, async () => {
    await pingDatabase(db);
    return { status: 'ok' as const, database: 'ok' as const, time: new Date().toISOString() };
  });
}
