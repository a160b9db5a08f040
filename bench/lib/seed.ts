// The shop's own commands against the bench's database (the server's environment), bounded in time:
// `npm run seed -- --products N` or `--orders N`, and `npm run admin:create` for the back-office targets.
import { spawn } from 'node:child_process';

/** The back-office account the bench creates to read the owner's pages (never the production owner). */
export const BENCH_OWNER = { account: 'benchowner', password: 'Bench12345' } as const;

function runNpm(root: string, env: NodeJS.ProcessEnv, args: string[], timeoutMs: number): Promise<number> {
  const startedAt = performance.now();
  return new Promise<number>((resolve, reject) => {
    const child = spawn('npm', args, { cwd: root, env, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(performance.now() - startedAt);
      else reject(new Error(`npm ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

export function runSeed(root: string, env: NodeJS.ProcessEnv, products: number, timeoutMs = 10 * 60_000) {
  return runNpm(root, env, ['run', 'seed', '--', '--products', String(products)], timeoutMs);
}

/** Adds `orders` orders over the last 180 days and the bench's back-office owner. */
export async function runOrderSeed(root: string, env: NodeJS.ProcessEnv, orders: number, timeoutMs = 10 * 60_000) {
  const seedMs = await runNpm(root, env, ['run', 'seed', '--', '--orders', String(orders)], timeoutMs);
  const { account, password } = BENCH_OWNER;
  await runNpm(root, env, ['run', 'admin:create', '--', '--account', account, '--password', password], 60_000);
  return seedMs;
}
