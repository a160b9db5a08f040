import { describe, expect, it } from 'vitest';
import { adminJobListQuery, jobBackoffMs } from './background-jobs.ts';

describe('jobBackoffMs', () => {
  it.each([
    [0, 30_000],
    [1, 30_000],
    [2, 120_000],
    [3, 600_000],
    [4, 3_600_000],
    [5, 3_600_000],
    [50, 3_600_000],
  ])('after try %i waits %i ms', (attempts, ms) => {
    expect(jobBackoffMs(attempts)).toBe(ms);
  });
});

describe('adminJobListQuery', () => {
  it.each([
    [{}, { status: 'failed', page: 1, size: 20 }],
    [{ status: '' }, { status: 'failed', page: 1, size: 20 }],
    [
      { status: 'done', page: '2', size: '5' },
      { status: 'done', page: 2, size: 5 },
    ],
  ])('%j → %j', (input, parsed) => {
    expect(adminJobListQuery.parse(input)).toEqual(parsed);
  });

  it('refuses an unknown status in zh-TW', () => {
    const result = adminJobListQuery.safeParse({ status: 'lost' });
    expect(result.success ? 'ok' : result.error.issues[0]!.message).toBe('工作狀態不正確');
  });
});
