import { describe, expect, it } from 'vitest';
import { axisMoney, chartScale, periodLabel } from './chart-scale.ts';

describe('chartScale', () => {
  it.each([
    [[0, 0], { min: 0, max: 1, ticks: [0] }],
    [[1_100, 3_100], { min: 0, max: 4_000, ticks: [0, 1_000, 2_000, 3_000, 4_000] }],
    [[-300, 1_600], { min: -500, max: 2_000, ticks: [-500, 0, 500, 1_000, 1_500, 2_000] }],
    [[3], { min: 0, max: 3, ticks: [0, 1, 2, 3] }],
  ])('covers %j in round steps', (values, expected) => {
    expect(chartScale(values)).toEqual(expected);
  });
});

describe('axisMoney', () => {
  it.each([
    [0, '0'],
    [8_000, '8,000'],
    [12_000, '1.2萬'],
    [1_500_000, '150萬'],
    [-20_000, '-2萬'],
  ])('%d reads %s', (amount, text) => expect(axisMoney(amount)).toBe(text));
});

describe('periodLabel', () => {
  it('writes month/day, and the first day of a week', () => {
    const point = { start: '2026-08-03', end: '2026-08-09', orders: 0, revenue: 0, refunds: 0 };
    expect(periodLabel(point, false)).toBe('8/3');
    expect(periodLabel(point, true)).toBe('8/3起');
  });
});
