import { describe, expect, it } from 'vitest';
import { readMemo, SentReads, type ReadReply } from './read-memo.ts';

/** A main thread in miniature: its reads answer `values[key]`, through one SentReads. */
function mainThread(values: Record<string, unknown>, most = 10) {
  const sent = new SentReads(most);
  const asked: Array<{ key: string; holding: number | undefined; unchanged: boolean }> = [];
  const ask = (key: string) => async (holding: number | undefined) => {
    if (values[key] instanceof Error) throw values[key];
    const reply: ReadReply = sent.reply(key, holding, values[key]);
    asked.push({ key, holding, unchanged: 'unchanged' in reply });
    return reply;
  };
  return { sent, asked, ask };
}

function clock() {
  let at = 1_000;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('read answers kept on a render thread', () => {
  it('uses an answer while it is fresh, asking the main thread once', async () => {
    const time = clock();
    const main = mainThread({ a: { name: '茶' } });
    const memo = readMemo({ freshMs: 1_000, most: 10, now: time.now });
    const [first, second] = await Promise.all([memo.read('a', main.ask('a')), memo.read('a', main.ask('a'))]);
    time.pass(999);
    const third = await memo.read('a', main.ask('a'));
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(main.asked).toHaveLength(1);
  });

  it('keeps its own copy when the main thread answers with the object it sent before', async () => {
    const time = clock();
    const main = mainThread({ a: { name: '茶' } });
    const memo = readMemo({ freshMs: 1_000, most: 10, now: time.now });
    const first = await memo.read('a', main.ask('a'));
    time.pass(1_000);
    const again = await memo.read('a', main.ask('a'));
    expect(again).toBe(first);
    expect(main.asked).toEqual([
      { key: 'a', holding: undefined, unchanged: false },
      { key: 'a', holding: expect.any(Number), unchanged: true },
    ]);
  });

  it('takes the new answer when the data changed, and holds that one next', async () => {
    const time = clock();
    const values: Record<string, unknown> = { a: { price: 100 } };
    const main = mainThread(values);
    const memo = readMemo({ freshMs: 1_000, most: 10, now: time.now });
    await memo.read('a', main.ask('a'));
    values.a = { price: 120 };
    time.pass(1_000);
    expect(await memo.read('a', main.ask('a'))).toEqual({ price: 120 });
    time.pass(1_000);
    expect(await memo.read('a', main.ask('a'))).toBe(values.a);
    expect(main.asked.map((a) => a.unchanged)).toEqual([false, false, true]);
  });

  it('keeps at most `most` answers, dropping the one asked for longest ago', async () => {
    const time = clock();
    const main = mainThread({ a: 1, b: 2, c: 3 });
    const memo = readMemo({ freshMs: 1_000, most: 2, now: time.now });
    for (const key of ['a', 'b', 'c']) await memo.read(key, main.ask(key));
    expect(memo.size).toBe(2);
    await memo.read('b', main.ask('b'));
    await memo.read('a', main.ask('a'));
    // b was fresh (no ask); a had been dropped, so it was asked again with nothing held.
    expect(main.asked.slice(3)).toEqual([{ key: 'a', holding: undefined, unchanged: false }]);
  });

  it('asks again after a failed read, holding nothing', async () => {
    const values: Record<string, unknown> = { a: new Error('database down') };
    const main = mainThread(values);
    const memo = readMemo({ freshMs: 1_000, most: 10, now: clock().now });
    await expect(memo.read('a', main.ask('a'))).rejects.toThrow('database down');
    values.a = 'back';
    expect(await memo.read('a', main.ask('a'))).toBe('back');
  });

  it('forgets everything when told that shop data changed', async () => {
    const main = mainThread({ a: 1 });
    const memo = readMemo({ freshMs: 1_000, most: 10, now: clock().now });
    await memo.read('a', main.ask('a'));
    memo.forget();
    main.sent.forget();
    await memo.read('a', main.ask('a'));
    expect(main.asked.map((a) => a.holding)).toEqual([undefined, undefined]);
  });
});

describe("the main thread's record of what it sent", () => {
  const value = { name: '茶' };

  it.each([
    ['the held version and the same object', (v: number) => v, value, true],
    ['the same object but another version', (v: number) => v + 100, value, false],
    ['nothing held', () => undefined, value, false],
    ['the held version but a new object', (v: number) => v, { name: '茶' }, false],
  ])('with %s, answers unchanged: %s', (_case, holding, next, unchanged) => {
    const sent = new SentReads(10);
    const first = sent.reply('a', undefined, value);
    const reply = sent.reply('a', holding(first.version), next);
    expect('unchanged' in reply).toBe(unchanged);
    if (!unchanged) expect(reply).toEqual({ version: expect.any(Number), value: next });
  });

  it('remembers at most `most` keys', () => {
    const sent = new SentReads(2);
    const a = sent.reply('a', undefined, value);
    sent.reply('b', undefined, value);
    sent.reply('c', undefined, value);
    expect(sent.size).toBe(2);
    expect('unchanged' in sent.reply('a', a.version, value)).toBe(false);
  });
});
