import { describe, expect, it } from 'vitest';
import {
  isActive,
  isCelebrityProduct,
  isProductVisible,
  isTruthyStatus,
  isWithinActivityWindow,
  parseShopTime,
} from './visibility.ts';

describe('isActive', () => {
  it.each([
    [1, true],
    [0, false],
    [2, false],
    [true, false],
    ['1', false],
    [null, false],
  ])('isActive(%j) → %s', (status, expected) => {
    expect(isActive(status)).toBe(expected);
  });
});

describe('isTruthyStatus', () => {
  it.each([
    [1, true],
    [true, true],
    [2, true],
    ['1', true],
    [0, false],
    [false, false],
    [null, false],
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
  ])('isTruthyStatus(%j) → %s', (status, expected) => {
    expect(isTruthyStatus(status)).toBe(expected);
  });
});

describe('parseShopTime', () => {
  it.each([
    ['2025-01-31', 'start', '2025-01-30T16:00:00.000Z'],
    ['2025-01-31', 'end', '2025-01-31T15:59:59.999Z'],
    ['2025-01-31 08:30:00', 'start', '2025-01-31T00:30:00.000Z'],
    ['2025-01-31T08:30', 'start', '2025-01-31T00:30:00.000Z'],
    ['2025-01-31T08:30:00Z', 'start', '2025-01-31T08:30:00.000Z'],
    ['2025-01-31T08:30:00+09:00', 'start', '2025-01-30T23:30:00.000Z'],
  ] as const)('parseShopTime(%s, %s) → %s', (value, edge, iso) => {
    expect(parseShopTime(value, edge)?.toISOString()).toBe(iso);
  });

  it.each([null, undefined, '', '   '])('no bound for %j', (value) => {
    expect(parseShopTime(value)).toBeNull();
  });

  it('gives an invalid date for garbage', () => {
    expect(Number.isNaN(parseShopTime('soon')?.getTime())).toBe(true);
  });
});

describe('isWithinActivityWindow', () => {
  const now = new Date('2025-06-15T04:00:00.000Z'); // 12:00 in Taipei
  it.each([
    [{}, true],
    [{ activity_start_time: null, activity_end_time: null }, true],
    [{ activity_start_time: '', activity_end_time: '' }, true],
    [{ activity_start_time: '2025-06-01T00:00:00Z' }, true],
    [{ activity_start_time: '2025-07-01T00:00:00Z' }, false],
    [{ activity_end_time: '2025-06-01T00:00:00Z' }, false],
    [{ activity_end_time: '2025-07-01T00:00:00Z' }, true],
    [{ activity_start_time: '2025-06-15T04:00:00.000Z', activity_end_time: '2025-06-15T04:00:00.000Z' }, true],
    [{ activity_start_time: '2025-06-15 12:00:00' }, true],
    [{ activity_start_time: '2025-06-15 12:00:01' }, false],
    [{ activity_end_time: '2025-06-15' }, true],
    [{ activity_end_time: '2025-06-14' }, false],
    [{ activity_start_time: '2025-06-15' }, true],
    [{ activity_start_time: new Date('2025-06-16T00:00:00Z') }, false],
    [{ activity_start_time: 'garbage' }, false],
    [{ activity_end_time: 'garbage' }, false],
  ])('%j → %s', (window, expected) => {
    expect(isWithinActivityWindow(window, now)).toBe(expected);
  });
});

describe('isProductVisible', () => {
  const now = new Date('2025-06-15T04:00:00.000Z');
  it.each([
    [{ status: 1 }, true],
    [{ status: 0 }, false],
    [{ status: 1, activity_end_time: '2025-01-01' }, false],
    [{ status: 0, activity_end_time: '2026-01-01' }, false],
    [{ status: 1, activity_start_time: '2025-01-01', activity_end_time: '2026-01-01' }, true],
  ])('%j → %s', (product, expected) => {
    expect(isProductVisible(product, now)).toBe(expected);
  });
});

describe('isCelebrityProduct', () => {
  it.each([
    [{ internet_celebrity: true }, true],
    [{ internet_celebrity: 1 }, true],
    [{ internet_celebrity: false }, false],
    [{ internet_celebrity: 0 }, false],
    [{}, false],
  ])('%j → %s', (product, expected) => {
    expect(isCelebrityProduct(product)).toBe(expected);
  });
});
