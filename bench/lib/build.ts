// `npm run build` at the repository root (web, then server), bounded in time.
import { spawn } from 'node:child_process';

export async function runBuild(root: string, timeoutMs = 10 * 60_000): Promise<number> {
  const startedAt = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  return performance.now() - startedAt;
}
