import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.ts';

/** A render that stays open until the test ends it. */
function openRender(log: string[], name: string) {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return {
    render: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    end: () => end(),
  };
}

describe('RenderQueue', () => {
  it('starts renders first come, first served, never more than its limit at once', async () => {
    const queue = new RenderQueue(2);
    const log: string[] = [];
    const renders = ['a', 'b', 'c', 'd'].map((name) => openRender(log, name));
    const results = renders.map((r) => queue.run(r.render));
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.queued).toBe(2);

    renders[1]!.end();
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);

    renders[0]!.end();
    renders[2]!.end();
    renders[3]!.end();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(log.filter((line) => line.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d']);
  });

  it('starts at most one render per turn of the event loop, so the loop gets back to its sockets', async () => {
    const queue = new RenderQueue(10);
    const log: string[] = [];
    const renders = ['a', 'b', 'c'].map((name) => openRender(log, name));
    renders.forEach((r) => void queue.run(r.render));
    await nextTurn();
    expect(log).toEqual(['start a']);
    await nextTurn();
    expect(log).toEqual(['start a', 'start b']);
    await nextTurn();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    renders.forEach((r) => r.end());
  });

  it('passes a failed render on and frees its place', async () => {
    const queue = new RenderQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
