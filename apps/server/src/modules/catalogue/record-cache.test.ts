import { describe, expect, it, vi } from 'vitest';
import { RecordCache } from './record-cache.ts';

const loader = () =>
  vi.fn(async (ids: number[]) => ids.filter((id) => id !== 404).map((id) => ({ id, value: `record ${id}` })));

describe('RecordCache', () => {
  it('reads only the ids it does not keep, and answers in the asked order without unknown ids', async () => {
    const cache = new RecordCache<string>();
    const load = loader();
    expect(await cache.getMany([3, 1], load)).toEqual(['record 3', 'record 1']);
    expect(await cache.getMany([1, 404, 2, 3], load)).toEqual(['record 1', 'record 2', 'record 3']);
    expect(load.mock.calls).toEqual([[[3, 1]], [[404, 2]]]);
  });

  it('reads again after the lifetime or a clear()', async () => {
    let time = 0;
    const cache = new RecordCache<string>(1000, 100, () => time);
    const load = loader();
    await cache.getMany([1], load);
    time = 999;
    await cache.getMany([1], load);
    expect(load).toHaveBeenCalledTimes(1);
    time = 1000;
    await cache.getMany([1], load);
    cache.clear();
    await cache.getMany([1], load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never holds more than its limit', async () => {
    const cache = new RecordCache<string>(60_000, 3);
    const load = loader();
    await cache.getMany([1, 2, 3], load);
    await cache.getMany([4], load); // over the limit: starts afresh
    await cache.getMany([1], load);
    expect(load.mock.calls.map(([ids]) => ids)).toEqual([[1, 2, 3], [4], [1]]);
  });

  it('does not call the loader when everything is kept or nothing is asked', async () => {
    const cache = new RecordCache<string>();
    const load = loader();
    expect(await cache.getMany([], load)).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });
});
