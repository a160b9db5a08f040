import { describe, expect, it } from 'vitest';
import { Unavailable } from '../../errors.ts';
import { HashingGate } from './hashing-gate.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('HashingGate', () => {
  it('runs at most `concurrent` jobs, queues `waiting` more, and turns the rest away with 503', async () => {
    const gate = new HashingGate(2, 1);
    const jobs = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const run = (d: ReturnType<typeof deferred>) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await d.promise;
        running -= 1;
        return 'done';
      });
    const started = jobs.map(run);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(Unavailable);
    jobs.forEach((d) => d.resolve());
    expect(await Promise.all(started)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // Once drained, it takes work again.
    expect(await gate.run(async () => 'again')).toBe('again');
  });

  it('frees the slot when a job fails', async () => {
    const gate = new HashingGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });
});
