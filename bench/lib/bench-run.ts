// What every step of `npm run bench` (run.ts) shares: the options, the names chosen, the results so
// far, the measured server's settings and the way to start it, and the cleanups.
import type { BenchArgs } from './args.ts';
import type { BenchDatabase } from './database.ts';
import type { RunResults } from './results.ts';
import type { ServerHandle } from './server.ts';
import type { TargetContext } from './target-types.ts';

export interface BenchRun {
  /** The repository: the build, the seed and bench/out are found from it. */
  root: string;
  /** The built server's entry (apps/server/dist/main.js). */
  serverEntry: string;
  args: BenchArgs;
  /** The targets and pages this run measures (--only, with the yardsticks their budgets need). */
  selected: Set<string>;
  results: RunResults;
  /** The first shop's context: its URL, the guest credential and the database. */
  ctx: TargetContext;
  database: BenchDatabase;
  /** The measured server's environment (no caller's database, port or public URL). */
  serverEnv: NodeJS.ProcessEnv;
  port: number;
  /** The bare Fastify route serving the products list's bytes, when a target needs it. */
  bareUrl?: string;
  /** Starts the built shop on `port` with `serverEnv` and `env`; its stop is registered as a cleanup. */
  start(timeoutMs: number, env?: NodeJS.ProcessEnv): Promise<ServerHandle>;
  addCleanup(name: string, run: () => Promise<void> | void): void;
  log(msg: string): void;
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
