import { describe, expect, it } from 'vitest';
import { KeptSalesSums } from './kept-sales-sums.ts';

/** A read that counts its calls and answers `value`. */
function reader(value: string) {
  const read = async () => {
    read.calls++;
    return value;
  };
  read.calls = 0;
  return read;
}

describe('sales sums kept until their count moves', () => {
  it('reads a range once per count and again when the count moves', async () => {
    const kept = new KeptSalesSums<string>();
    const first = reader('v1');
    expect(await kept.get('a', 1, first)).toBe('v1');
    expect(await kept.get('a', 1, first)).toBe('v1');
    expect(first.calls).toBe(1);
    const second = reader('v2');
    expect(await kept.get('a', 2, second)).toBe('v2');
    expect(await kept.get('a', 2, second)).toBe('v2');
    expect(second.calls).toBe(1);
  });

  it('keeps each range apart', async () => {
    const kept = new KeptSalesSums<string>();
    expect(await kept.get('a', 1, reader('a'))).toBe('a');
    expect(await kept.get('b', 1, reader('b'))).toBe('b');
    expect(await kept.get('a', 1, reader('x'))).toBe('a');
  });

  it('never keeps an answer read under an older count than one already seen', async () => {
    const kept = new KeptSalesSums<string>();
    await kept.get('a', 5, reader('new'));
    // A request that read the count just before the last change answers what it read, but keeps nothing.
    expect(await kept.get('a', 4, reader('old'))).toBe('old');
    expect(await kept.get('a', 5, reader('x'))).toBe('new');
  });

  it('does not keep what was read while the count moved', async () => {
    const kept = new KeptSalesSums<string>();
    let finish!: () => void;
    const slow = kept.get('a', 1, () => new Promise<string>((resolve) => (finish = () => resolve('read at 1'))));
    expect(await kept.get('a', 2, reader('read at 2'))).toBe('read at 2');
    finish();
    expect(await slow).toBe('read at 1');
    const after = reader('x');
    expect(await kept.get('a', 2, after)).toBe('read at 2');
    expect(after.calls).toBe(0);
  });

  it('drops the oldest range past its limit', async () => {
    const kept = new KeptSalesSums<string>(2);
    await kept.get('a', 1, reader('a'));
    await kept.get('b', 1, reader('b'));
    await kept.get('c', 1, reader('c'));
    const again = reader('a again');
    expect(await kept.get('a', 1, again)).toBe('a again');
    expect(await kept.get('c', 1, reader('x'))).toBe('c');
  });
});
