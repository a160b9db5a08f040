import { describe, expect, it, vi } from 'vitest';
import { TurnQueue } from './turn-queue.ts';

describe('TurnQueue', () => {
  it('gives turns up to its slots at once, then none', () => {
    const turns = new TurnQueue(2, 4);
    expect(turns.tryTake()).not.toBeNull();
    expect(turns.tryTake()).not.toBeNull();
    expect(turns.tryTake()).toBeNull();
    expect(turns.busy).toBe(2);
  });

  it('hands a released turn to the longest waiter, in arrival order', async () => {
    const turns = new TurnQueue(1, 4);
    const first = turns.tryTake()!;
    const order: string[] = [];
    const a = turns.wait(1_000).then((t) => (order.push('a'), t));
    const b = turns.wait(1_000).then((t) => (order.push('b'), t));
    expect(turns.queued).toBe(2);
    first.release();
    (await a)!.release();
    await b;
    expect(order).toEqual(['a', 'b']);
    expect(turns.busy).toBe(1);
    expect(turns.queued).toBe(0);
  });

  it('counts a turn released twice once', () => {
    const turns = new TurnQueue(1, 0);
    const turn = turns.tryTake()!;
    turn.release();
    turn.release();
    expect(turns.busy).toBe(0);
    expect(turns.tryTake()).not.toBeNull();
    expect(turns.tryTake()).toBeNull();
  });

  it('answers null when no turn comes in time, and the late turn goes back to the pool', async () => {
    vi.useFakeTimers();
    try {
      const turns = new TurnQueue(1, 4);
      const held = turns.tryTake()!;
      const waited = turns.wait(500);
      await vi.advanceTimersByTimeAsync(500);
      expect(await waited).toBeNull();
      expect(turns.queued).toBe(0);
      held.release();
      expect(turns.busy).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a waiter away at once when the queue is full or waiting is off', async () => {
    const full = new TurnQueue(1, 1);
    full.tryTake();
    void full.wait(1_000);
    expect(await full.wait(1_000)).toBeNull();
    const noQueue = new TurnQueue(1, 0);
    noQueue.tryTake();
    expect(await noQueue.wait(1_000)).toBeNull();
  });

  it('lets a waiter who gives up leave its place to the next', async () => {
    const turns = new TurnQueue(1, 4);
    const held = turns.tryTake()!;
    const leaving = new AbortController();
    const gone = turns.wait(1_000, leaving.signal);
    const next = turns.wait(1_000);
    leaving.abort();
    expect(await gone).toBeNull();
    held.release();
    expect(await next).not.toBeNull();
    expect(turns.busy).toBe(1);
  });
});
