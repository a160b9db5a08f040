// The storefront build lives in a folder of its own per build (apps/web/builds/<id>), and
// apps/web/build is a symbolic link to the current one. A process resolves the link once when it
// starts, so a rebuild never changes the files under a process that is already serving: it keeps
// its own scripts and stylesheets until it is restarted. Replacing the link is one rename(2), so a
// process that starts during a build sees the old build or the new one, never half of one.
import fs from 'node:fs';
import path from 'node:path';

/** Builds kept besides the current one, however old, for processes not restarted yet. */
export const PREVIOUS_BUILDS_KEPT = 2;
/** Younger builds are kept as well: a process started a few builds ago still serves from one. */
export const BUILD_KEPT_MS = 24 * 60 * 60 * 1000;

/** A folder name that sorts by build time. */
export function newBuildId(now = new Date()) {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
}

/** The build folder `link` points to now, or null before the first build. */
export function currentBuild(link) {
  try {
    return fs.realpathSync(link);
  } catch {
    return null;
  }
}

/**
 * Copies the previous build's hashed assets into the new one, without replacing any. A page
 * rendered by a process still on the previous build asks for those files, and behind a load
 * balancer the request may reach a process already on the new build.
 */
export function carryOverAssets(previousDir, nextDir) {
  const from = path.join(previousDir, 'client', 'assets');
  if (!fs.existsSync(from)) return 0;
  const to = path.join(nextDir, 'client', 'assets');
  fs.mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const name of fs.readdirSync(from)) {
    const target = path.join(to, name);
    if (fs.existsSync(target)) continue;
    fs.copyFileSync(path.join(from, name), target);
    copied += 1;
  }
  return copied;
}

/**
 * Points `link` at `nextDir` in one rename. A `link` that is still a plain folder (a checkout
 * built before builds had folders of their own) is moved into `buildsDir` first, under a name
 * that sorts as the oldest.
 */
export function switchTo(link, nextDir, buildsDir) {
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isDirectory()) fs.renameSync(link, path.join(buildsDir, `0-earlier-${newBuildId()}`));
  const temporary = `${link}.next-${process.pid}`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(path.dirname(link), nextDir), temporary, 'dir');
  fs.renameSync(temporary, link);
}

/**
 * Removes the builds that are neither current, nor among the `keep` newest before it, nor younger
 * than `keptMs`.
 */
export function pruneBuilds(
  buildsDir,
  currentDir,
  { keep = PREVIOUS_BUILDS_KEPT, keptMs = BUILD_KEPT_MS, now = Date.now() } = {},
) {
  const current = path.basename(currentDir);
  const older = fs
    .readdirSync(buildsDir)
    .filter((name) => name !== current)
    .sort()
    .reverse();
  const removed = older.slice(keep).filter((name) => now - fs.statSync(path.join(buildsDir, name)).mtimeMs > keptMs);
  for (const name of removed) fs.rmSync(path.join(buildsDir, name), { recursive: true, force: true });
  return removed;
}

/** Marks the sources as built as of `startedAt`: a file saved during the build is newer than it. */
export function writeStamp(stampFile, startedAt) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${startedAt.toISOString()}\n`);
  fs.utimesSync(stampFile, startedAt, startedAt);
}
