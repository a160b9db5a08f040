// pg_dump and pg_restore from PATH (the postgresql-client package). The password travels in
// PGPASSWORD, not in the command line, where every user of the machine could read it in `ps`.
import { spawn } from 'node:child_process';

export interface PostgresCommand {
  /** The URL without its password, for --dbname. */
  url: string;
  env: NodeJS.ProcessEnv;
}

export function postgresCommand(databaseUrl: string): PostgresCommand {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

/** Runs a PostgreSQL client program; rejects with its own error output when it fails. */
export function runPostgresTool(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `找不到 ${program} · ${program} is not on PATH: install the PostgreSQL client (Debian: apt-get install postgresql-client), of the server's major version or newer`
            : `${program}: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program} 失敗 · ${program} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}
