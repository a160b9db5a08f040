// What can be checked of the Dockerfile and compose.yaml without a Docker daemon (docs/decisions/081):
// the image builds with the scripts package.json defines, runs the built commands and probes a route
// the app answers; compose's settings are the server's own and valid together; nginx accepts the
// configuration compose makes from deploy/nginx/shop.conf.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp } from '../test/test-app.ts';
import { NGINX_BINARY, nginxArgs, writeSelfSignedCertificate } from './nginx-config.ts';
import { SERVER_NODE_FLAGS, START_COMMAND } from '../../../../scripts/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

/** The Dockerfile's instructions, continuation lines joined and comment lines dropped. */
const instructions = dockerfile
  .split('\n')
  .filter((line) => !/^\s*#/.test(line))
  .join('\n')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => line.trim() !== '');

/** The blocks under a top-level key of compose.yaml, by name (two-space indented keys). */
function composeBlocks(topLevel: string): Map<string, string> {
  const section = compose.split(new RegExp(`^${topLevel}:\\n`, 'm'))[1]!.split(/^\S/m)[0]!;
  const blocks = new Map<string, string>();
  for (const match of section.matchAll(/^ {2}([a-z0-9-]+):\n((?:(?: {4}.*)?\n)*)/gm)) blocks.set(match[1]!, match[2]!);
  return blocks;
}

/** The shop's environment as compose sets it (the `x-shop` anchor), `${VAR:?…}` left as written. */
function composeShopEnvironment(): Record<string, string> {
  const anchor = compose.split(/^x-shop:/m)[1]!.split(/^services:/m)[0]!;
  const environment = anchor.split(/^ {2}environment:.*\n/m)[1]!.split(/^ {2}\S/m)[0]!;
  return Object.fromEntries(
    [...environment.matchAll(/^ {4}([A-Z][A-Z0-9_]*): (.+)$/gm)].map((m) => [
      m[1]!,
      m[2]!.replace(/^(['"])(.*)\1$/, '$2'),
    ]),
  );
}

const services = composeBlocks('services');
const address = (service: string) => services.get(service)?.match(/ipv4_address: (\S+)/)?.[1];

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('Dockerfile', () => {
  it('builds from node:20-bookworm-slim in stages, and runs as the unprivileged node user', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    const stages = instructions.filter((line) => line.startsWith('FROM '));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.at(-1)).toBe('FROM ${NODE_IMAGE}');
    expect(instructions.filter((line) => line.startsWith('USER ')).at(-1)).toBe('USER node');
  });

  it('installs and builds with the commands CI runs, and only production dependencies in the image', () => {
    const runs = instructions.filter((line) => line.startsWith('RUN '));
    const npmCommands = runs.flatMap((line) => [...line.matchAll(/\bnpm (ci|run [a-z:-]+)/g)].map((m) => m[1]!));
    expect(npmCommands).toContain('ci');
    for (const command of npmCommands.filter((c) => c.startsWith('run '))) {
      expect(Object.keys(packageJson.scripts)).toContain(command.slice(4));
    }
    expect(npmCommands).toContain('run build');
    expect(runs.some((line) => /npm ci --omit=dev\b/.test(line))).toBe(true);
    // The patches CI applies in postinstall (patch-package) are applied to the production install too.
    expect(runs.some((line) => /patch-package/.test(line) && /--omit=dev/.test(line))).toBe(true);
  });

  it('starts with the script `npm start` runs, with its Node flags, told not to rebuild', () => {
    const cmd = instructions.filter((line) => line.startsWith('CMD ')).at(-1)!;
    expect(JSON.parse(cmd.slice('CMD '.length))).toEqual(START_COMMAND);
    expect(packageJson.scripts.start).toBe(START_COMMAND.join(' '));
    // The systemd unit of the operations guide starts the shop the same way.
    expect(read('docs/operations.md')).toContain(`ExecStart=/usr/bin/${START_COMMAND.join(' ')}\n`);
    expect(dockerfile).toMatch(/SKIP_BUILD=1/);
    expect(read('scripts/start.mjs')).toMatch(/process\.env\.SKIP_BUILD !== '1'/);
  });

  it('starts Node with flags this Node accepts', () => {
    // A flag Node does not know stops the process before the shop's first line runs.
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });

  it('copies what the built server reads at run time from paths that exist', () => {
    const copied = instructions
      .filter((line) => line.startsWith('COPY --from=build /app/'))
      .map((line) => line.split(' ')[2]!.replace('/app/', ''));
    expect(copied).toEqual(expect.arrayContaining(['scripts/', 'apps/server/dist/', 'apps/server/src/db/migrations/']));
    for (const source of copied.filter((p) => !p.includes('dist')))
      expect(fs.existsSync(path.join(root, source))).toBe(true);
  });

  it('bundles every command the image runs through npm (no tsx in a production install)', () => {
    const build = read('apps/server/build.mjs');
    const commands = Object.values(packageJson.scripts)
      .map((script) => script.match(/^node scripts\/server-command\.mjs (\S+)$/)?.[1])
      .filter((command): command is string => Boolean(command));
    expect(commands).toEqual(expect.arrayContaining(['admin/create-owner', 'admin/backup', 'admin/restore']));
    for (const command of commands) {
      expect(build).toContain(`'src/${command}.ts'`);
      expect(fs.existsSync(path.join(root, 'apps/server/src', `${command}.ts`))).toBe(true);
    }
  });

  it('probes a route the app answers while it runs', async () => {
    const healthcheck = instructions.find((line) => line.startsWith('HEALTHCHECK '));
    const probed = healthcheck?.match(/:' \+ \(process\.env\.PORT \|\| 3000\) \+ '(\/[a-z]+)'/)?.[1];
    expect(probed).toBe('/livez');
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: probed! })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('.dockerignore', () => {
  it('keeps installed, built and data folders and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', 'data', '.env', 'apps/server/dist', 'apps/web/builds', '.git']),
    );
  });
});

describe('compose.yaml', () => {
  it('runs nginx, two shop processes, PostgreSQL with a volume, Redis and a one-shot owner', () => {
    expect([...services.keys()].sort()).toEqual(['create-owner', 'nginx', 'postgres', 'redis', 'shop-1', 'shop-2']);
    expect(services.get('postgres')).toMatch(/- postgres-data:\/var\/lib\/postgresql\/data/);
    expect([...composeBlocks('volumes').keys()]).toEqual(['postgres-data']);
    expect(services.get('create-owner')).toMatch(/profiles: \[['"]setup['"]\]/);
    expect(services.get('create-owner')).toMatch(/npm run admin:create -- --account/);
    expect(Object.keys(packageJson.scripts)).toContain('admin:create');
  });

  it('sets only settings the server reads, and they are valid together in production', () => {
    const environment = composeShopEnvironment();
    const values = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [
        name,
        value
          .replace(/\$\{POSTGRES_PASSWORD:\?[^}]*\}/, 'a-long-database-password')
          .replace(/^\$\{JWT_SECRET:\?.*\}$/, 'c4f1e0a9b27d4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3f')
          .replace(/^\$\{PUBLIC_URL:\?.*\}$/, 'https://shop.example.tw'),
      ]),
    );
    const config = loadConfig({ ...values, ALLOW_TEST_PROVIDERS: 'true' }) as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(values)) expect(String(config[name]), name).toBe(value);
    expect(config.NODE_ENV).toBe('production');
    expect(environment.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(environment.REDIS_URL).toBe('redis://redis:6379');
    // Two processes share pictures only through the database (docs/decisions/062).
    expect(environment.UPLOAD_STORAGE).toBe('database');
    // Only nginx tells shoppers' addresses.
    expect(environment.TRUST_PROXY).toBe(address('nginx'));
  });

  it("points nginx's upstream lines at the two shop processes, and nginx accepts the result", () => {
    const shopAddresses = [address('shop-1'), address('shop-2')];
    expect(shopAddresses.every(Boolean)).toBe(true);
    const nginx = services.get('nginx')!;
    expect(nginx).toMatch(/- \.\/deploy\/nginx\/shop\.conf:\/etc\/nginx\/shop\.conf\.in:ro/);
    // The shell command compose runs in the nginx container, on this machine's paths.
    const script = nginx
      .split(/- >-\n/)[1]!
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compose-nginx-'));
    folders.push(dir);
    const render = script
      .replace('/etc/nginx/shop.conf.in', path.join(root, 'deploy/nginx/shop.conf'))
      .replace('/etc/nginx/conf.d/default.conf', path.join(dir, 'default.conf'))
      .replace(/ && exec nginx .*$/, '');
    execFileSync('sh', ['-c', render]);
    const rendered = fs.readFileSync(path.join(dir, 'default.conf'), 'utf8');
    const upstreams = [...rendered.matchAll(/^\s*server (\S+):3000 /gm)].map((m) => m[1]);
    expect(upstreams).toEqual([...shopAddresses, ...shopAddresses]);
    expect(rendered).not.toMatch(/listen \[::\]/);

    if (!fs.existsSync(NGINX_BINARY)) return;
    writeSelfSignedCertificate(dir, 'shop.example.tw');
    fs.writeFileSync(
      path.join(dir, 'shop.conf'),
      rendered
        .replaceAll('/etc/ssl/shop/', `${dir}/`)
        .replace(/listen 80;/, 'listen 127.0.0.1:1;')
        .replace(/listen 443 ssl/, 'listen 127.0.0.1:2 ssl'),
    );
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;\n  include ${dir}/shop.conf;\n}\n`,
    );
    execFileSync(NGINX_BINARY, nginxArgs(dir, 'test'), { stdio: 'pipe' });
  });
});
