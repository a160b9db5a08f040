// `npm start`: build the storefront and the server when the sources are newer than the last
// build, then run the built server. A second start on an unchanged tree skips the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'apps/server/dist/.build-stamp');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'apps/server/src',
  'packages/domain/src',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'package-lock.json',
];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (process.env.SKIP_BUILD !== '1' && Math.max(...sources.map(newestMtime)) > built) {
  console.log('建置中 · Building the shop…');
  // The build writes the stamp itself (scripts/build.mjs), so `npm run build` counts as well.
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
