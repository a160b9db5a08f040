// Several processes of one shop on one machine (issue 18, docs/decisions/063): the primary prepares
// the database once, then keeps WEB_CONCURRENCY workers listening on one port (node:cluster hands
// the connections round). A worker that dies is replaced; SIGHUP replaces them one by one (a deploy:
// a new worker listens before an old one stops taking connections); SIGTERM stops them gracefully.
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config.ts';

/** Workers to run: one per core in production, one otherwise; always one on the embedded database. */
export function processCount(config: Pick<Config, 'WEB_CONCURRENCY' | 'DATABASE_URL' | 'NODE_ENV'>): number {
  if (!config.DATABASE_URL) return 1;
  return config.WEB_CONCURRENCY ?? (config.NODE_ENV === 'production' ? os.availableParallelism() : 1);
}

/** JSON lines like the workers' own log, without a logger library in a process that does this little. */
function log(level: 'info' | 'warn' | 'error', fields: object, msg: string): void {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`,
  );
}

export interface SupervisorOptions {
  count: number;
  /** The worker's entry file. */
  exec: string;
}

export function superviseWorkers({ count, exec }: SupervisorOptions): void {
  cluster.setupPrimary({ exec, execArgv: [...process.execArgv, '--enable-source-maps'] });
  /** Workers being replaced or stopped on purpose: their exit is not a crash. */
  const retiring = new Set<Worker>();
  let stopping = false;
  let rolling = false;

  const fork = (): Worker => {
    const startedAt = Date.now();
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => {
      if (retiring.delete(worker) || stopping) return;
      // A worker dying at start (a bad setting, the database away) is not restarted in a tight loop.
      const delay = Date.now() - startedAt < 5_000 ? 2_000 : 0;
      log('error', { worker: worker.process.pid, code, signal, restartInMs: delay }, 'worker died: starting another');
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  log('info', { workers: count }, 'workers starting');

  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('listening', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });
  const retire = (worker: Worker) =>
    new Promise<void>((resolve) => {
      retiring.add(worker);
      if (worker.isDead()) return resolve();
      worker.once('exit', () => resolve());
      // The worker's own shutdown finishes its requests and jobs, then exits.
      worker.process.kill('SIGTERM');
    });

  process.on('SIGHUP', () => {
    if (rolling || stopping) return;
    rolling = true;
    void (async () => {
      log('info', {}, 'replacing workers one by one');
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || retiring.has(old)) continue;
        const fresh = fork();
        if (!(await listening(fresh))) {
          log('error', {}, 'a new worker did not start: keeping the running ones');
          break;
        }
        await retire(old);
      }
      rolling = false;
      log('info', {}, 'workers replaced');
    })();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', { signal }, 'stopping workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    void Promise.all(workers.map(retire)).then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
