import { describe, expect, it } from 'vitest';
import { REFRESH_DEBOUNCE_MS, TOKEN_EXPIRED_THROTTLE_MS, createTokenExpiryHandler } from './token-refresh.ts';

/** A hand-driven clock and timer queue. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    schedule: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    async advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function setup(refreshResult: boolean | Error) {
  const time = fakeTime();
  const calls = { refresh: 0, refreshed: 0, failed: 0 };
  const handle = createTokenExpiryHandler({
    refresh: async () => {
      calls.refresh += 1;
      if (refreshResult instanceof Error) throw refreshResult;
      return refreshResult;
    },
    onRefreshed: () => void (calls.refreshed += 1),
    onFailed: () => void (calls.failed += 1),
    now: time.now,
    schedule: time.schedule,
  });
  return { time, calls, handle };
}

describe('token-expired handling (spec §4, §8, §9)', () => {
  it('refreshes once, 1 s after the first 401, however many calls failed together', async () => {
    const { time, calls, handle } = setup(true);
    for (let i = 0; i < 5; i++) handle();
    await time.advance(REFRESH_DEBOUNCE_MS - 1);
    expect(calls.refresh).toBe(0);
    await time.advance(1);
    expect(calls).toEqual({ refresh: 1, refreshed: 1, failed: 0 });
  });

  it('handles at most one expiry per second', async () => {
    const { time, calls, handle } = setup(true);
    handle();
    await time.advance(TOKEN_EXPIRED_THROTTLE_MS / 2);
    handle();
    await time.advance(TOKEN_EXPIRED_THROTTLE_MS / 2);
    expect(calls.refresh).toBe(1);
    handle(); // a second later: handled again
    await time.advance(REFRESH_DEBOUNCE_MS);
    expect(calls.refresh).toBe(2);
  });

  it('logs out when the refresh is refused or fails', async () => {
    for (const result of [false, new Error('offline')]) {
      const { time, calls, handle } = setup(result);
      handle();
      await time.advance(REFRESH_DEBOUNCE_MS);
      expect(calls).toEqual({ refresh: 1, refreshed: 0, failed: 1 });
    }
  });
});
