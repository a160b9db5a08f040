// `npm run admin:create | backup | restore -- …`: a command of apps/server. In a checkout it runs
// from its TypeScript source through tsx; where the development dependencies are not installed (the
// production image, `npm ci --omit=dev`) it runs the copy `npm run build` bundled into apps/server/dist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [command, ...args] = process.argv.slice(2);
if (!command || !/^[a-z-]+\/[a-z-]+$/.test(command)) {
  process.stderr.write('usage: node scripts/server-command.mjs <folder/command> [arguments]\n');
  process.exit(2);
}

const withTsx = fs.existsSync(path.join(root, 'node_modules/tsx/package.json'));
const entry = withTsx
  ? ['--import', 'tsx', path.join(root, 'apps/server/src', `${command}.ts`)]
  : ['--enable-source-maps', path.join(root, 'apps/server/dist', `${command}.js`)];
if (!withTsx && !fs.existsSync(entry[1])) {
  process.stderr.write(`${entry[1]} is missing: run \`npm run build\` first\n`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [...entry, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
