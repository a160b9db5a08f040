// `npm run seed -- --products N` against the bench's database (the server's environment), bounded in time.
import { spawn } from 'node:child_process';

export async function runSeed(
  root: string,
  env: NodeJS.ProcessEnv,
  products: number,
  timeoutMs = 10 * 60_000,
): Promise<number> {
  const startedAt = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'seed', '--', '--products', String(products)], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run seed failed (${signal ?? `exit code ${code}`})`));
    });
  });
  return performance.now() - startedAt;
}
