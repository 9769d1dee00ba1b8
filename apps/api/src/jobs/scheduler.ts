import type { z } from 'zod';
import type { Db } from '../db/client';
import { safeError } from '../http/error-handler';
import { withAdvisoryLock } from './advisory-lock';

/** Where jobs log: the server's logger (pino) or the console of a command. */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  db: Db;
  log: JobLog;
  /** Aborted when the server shuts down: a long job stops between two steps. */
  signal: AbortSignal;
  /** Options a command gave for this one run (runNow), parsed by the job's `options`; undefined otherwise. */
  options?: unknown;
}

/** A run was asked with options the job does not take; nothing ran. */
export class JobOptionsError extends Error {}

/**
 * Work the server does by itself on a schedule (reconciliation, purges, later backups and
 * reminders). Each run holds the job's advisory lock, so on PostgreSQL one instance runs it at a
 * time; a run that finds the job busy (here or on another instance) is skipped.
 */
export interface Job<R = unknown> {
  name: string;
  /** Time between the end of one run and the start of the next; 0: only when asked (runNow). */
  everyMs: number;
  /** Delay of the first run after start (default: everyMs). */
  firstAfterMs?: number;
  run(ctx: JobContext): Promise<R>;
  /** The options a command may give one run (e.g. `npm run payments:reconcile` with its own minimum age). */
  options?: z.ZodType;
  /** A run whose result this finds uneventful is not logged (a frequent job that found nothing to do). */
  quiet?(result: R): boolean;
}

export type JobOutcome<R = unknown> =
  | { status: 'done'; result: R }
  | { status: 'busy' }
  | { status: 'failed'; error: string }
  | { status: 'unknown' };

export interface Scheduler {
  add<R>(job: Job<R>): void;
  /** Starts the timers (the server calls this; tests and commands run jobs by hand). */
  start(): void;
  /**
   * Runs one job now, under the same locks as a scheduled run, with the options given (throws
   * JobOptionsError, running nothing, when the job does not take them).
   */
  runNow(name: string, options?: unknown): Promise<JobOutcome>;
  /** Stops the timers, asks running jobs to stop and waits for them, at most `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
  readonly names: readonly string[];
}

export function createScheduler({ db, log }: { db: Db; log: JobLog }): Scheduler {
  const jobs = new Map<string, Job>();
  const running = new Map<string, Promise<JobOutcome>>();
  const timers = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();
  let started = false;

  const execute = async (job: Job, options?: unknown): Promise<JobOutcome> => {
    if (running.has(job.name)) return { status: 'busy' };
    const run = (async (): Promise<JobOutcome> => {
      const began = Date.now();
      try {
        const locked = await withAdvisoryLock(db, `job:${job.name}`, () =>
          job.run({ db, log, signal: stopping.signal, options }),
        );
        if (!locked.acquired) {
          log.info({ job: job.name }, 'job skipped: running on another instance');
          return { status: 'busy' };
        }
        if (!job.quiet?.(locked.value))
          log.info({ job: job.name, ms: Date.now() - began, result: locked.value }, 'job done');
        return { status: 'done', result: locked.value };
      } catch (err) {
        log.error({ job: job.name, err: safeError(err) }, 'job failed');
        return { status: 'failed', error: (err as Error).message };
      }
    })();
    running.set(job.name, run);
    try {
      return await run;
    } finally {
      running.delete(job.name);
    }
  };

  const schedule = (job: Job, delay: number) => {
    if (stopping.signal.aborted || job.everyMs <= 0) return;
    const timer = setTimeout(async () => {
      timers.delete(timer);
      await execute(job);
      schedule(job, job.everyMs);
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`Job ${job.name} is already registered`);
      if (!(job.everyMs >= 0)) throw new Error(`Job ${job.name} needs an interval (0: only on demand)`);
      jobs.set(job.name, job as Job);
      if (started) schedule(job as Job, job.firstAfterMs ?? job.everyMs);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job, job.firstAfterMs ?? job.everyMs);
    },
    async runNow(name, options) {
      const job = jobs.get(name);
      if (!job) return { status: 'unknown' };
      if (options === undefined) return execute(job);
      if (!job.options) throw new JobOptionsError(`The job "${name}" takes no options`);
      const parsed = job.options.safeParse(options);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`);
        throw new JobOptionsError(`Options the job "${name}" cannot take: ${issues.join('; ')}`);
      }
      return execute(job, parsed.data);
    },
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (!running.size) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running.values()]),
        new Promise((r) => {
          timer = setTimeout(r, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    get names() {
      return [...jobs.keys()];
    },
  };
}
