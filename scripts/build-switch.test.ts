import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { carryOverAssets, currentBuild, pruneBuilds, switchTo, writeStamp } from './build-switch.mjs';

let web: string;
let builds: string;
let link: string;

function fakeBuild(id: string, assets: string[]) {
  const dir = path.join(builds, id);
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), `export const id = '${id}';`);
  for (const name of assets) fs.writeFileSync(path.join(dir, 'client', 'assets', name), id);
  return dir;
}

beforeEach(() => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'build-switch-'));
  builds = path.join(web, 'builds');
  link = path.join(web, 'build');
  fs.mkdirSync(builds);
});
afterEach(() => fs.rmSync(web, { recursive: true, force: true }));

describe('a rebuild beside running processes', () => {
  it('leaves the build a running process resolved untouched and points new processes at the new one', () => {
    const first = fakeBuild('2026-01-01', ['root-AAA.js']);
    switchTo(link, first, builds);
    const servedByRunningProcess = currentBuild(link);

    const second = fakeBuild('2026-01-02', ['root-BBB.js']);
    carryOverAssets(first, second);
    switchTo(link, second, builds);

    expect(servedByRunningProcess).toBe(fs.realpathSync(first));
    expect(fs.readFileSync(path.join(servedByRunningProcess, 'client/assets/root-AAA.js'), 'utf8')).toBe('2026-01-01');
    expect(currentBuild(link)).toBe(fs.realpathSync(second));
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("serves the previous build's assets from the new build too, without replacing the new ones", () => {
    const first = fakeBuild('2026-01-01', ['root-AAA.js', 'shared-CCC.js']);
    const second = fakeBuild('2026-01-02', ['root-BBB.js', 'shared-CCC.js']);

    expect(carryOverAssets(first, second)).toBe(1);
    expect(fs.readdirSync(path.join(second, 'client/assets')).sort()).toEqual([
      'root-AAA.js',
      'root-BBB.js',
      'shared-CCC.js',
    ]);
    expect(fs.readFileSync(path.join(second, 'client/assets/shared-CCC.js'), 'utf8')).toBe('2026-01-02');
  });

  it('moves a build folder from before the links aside instead of failing', () => {
    fs.mkdirSync(path.join(link, 'client'), { recursive: true });
    fs.writeFileSync(path.join(link, 'client', 'old.txt'), 'old');
    const next = fakeBuild('2026-01-02', []);

    switchTo(link, next, builds);

    expect(currentBuild(link)).toBe(fs.realpathSync(next));
    const earlier = fs.readdirSync(builds).find((name) => name.startsWith('0-earlier-'));
    expect(earlier).toBeDefined();
    expect(fs.readFileSync(path.join(builds, earlier!, 'client', 'old.txt'), 'utf8')).toBe('old');
  });

  it('keeps the current build, the two before it and any from the last day, oldest removed first', () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.parse('2026-11-26T12:00:00Z');
    const builtAt = {
      '0-earlier-x': 30,
      '2026-01-01': 9,
      '2026-01-02': 3,
      '2026-01-03': 2,
      '2026-01-04': 2,
      '2026-01-05': 1,
    };
    for (const [id, daysAgo] of Object.entries(builtAt)) {
      const dir = fakeBuild(id, []);
      const at = new Date(now - daysAgo * day + 60_000);
      fs.utimesSync(dir, at, at);
    }
    fs.utimesSync(path.join(builds, '2026-01-02'), new Date(now - 3_600_000), new Date(now - 3_600_000));

    const removed = pruneBuilds(builds, path.join(builds, '2026-01-05'), { now });

    expect(removed.sort()).toEqual(['0-earlier-x', '2026-01-01']);
    expect(fs.readdirSync(builds).sort()).toEqual(['2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
  });
});

describe('the build stamp', () => {
  it('is as old as the start of the build, so a file saved during the build triggers the next one', () => {
    const startedAt = new Date('2026-11-26T01:02:03Z');
    const stamp = path.join(web, 'dist', '.build-stamp');

    writeStamp(stamp, startedAt);

    expect(fs.statSync(stamp).mtimeMs).toBe(startedAt.getTime());
    expect(fs.readFileSync(stamp, 'utf8').trim()).toBe('2026-11-26T01:02:03.000Z');
  });
});
