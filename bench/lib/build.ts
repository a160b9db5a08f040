// `npm run build` at the repository root (web, then server), bounded in time; and the child processes
// the bench waits for (lib/baseline-build.ts).
import { spawn } from 'node:child_process';

export async function runBuild(root: string, timeoutMs = 10 * 60_000): Promise<number> {
  const startedAt = performance.now();
  await runCommand('npm', ['run', 'build'], root, timeoutMs);
  return performance.now() - startedAt;
}

/** Runs `command` with its output shown; rejects on a non-zero exit or when it outlives `timeoutMs`. */
export function runCommand(command: string, args: string[], cwd: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
