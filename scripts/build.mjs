// `npm run build`: the storefront into a fresh folder, then the server, then one switch and the
// stamp `npm start` compares the sources with (scripts/build-switch.mjs says why it is built so).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { carryOverAssets, currentBuild, newBuildId, pruneBuilds, switchTo, writeStamp } from './build-switch.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const link = path.join(web, 'build');
const buildsDir = path.join(web, 'builds');
const stamp = path.join(root, 'apps/server/dist/.build-stamp');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const startedAt = new Date();
const nextDir = path.join(buildsDir, newBuildId(startedAt));
fs.mkdirSync(buildsDir, { recursive: true });

run('npx', ['react-router', 'build'], { cwd: web, env: { ...process.env, WEB_BUILD_DIR: nextDir } });
run('node', ['scripts/precompress-assets.mjs', path.join(nextDir, 'client')], { cwd: web });
const previousDir = currentBuild(link);
if (previousDir) carryOverAssets(previousDir, nextDir);
run('npm', ['run', 'build', '-w', '@shop/server'], { cwd: root });

switchTo(link, nextDir, buildsDir);
pruneBuilds(buildsDir, nextDir);
writeStamp(stamp, startedAt);
console.log(`storefront build ${path.relative(root, nextDir)} is current`);
