import { describe, expect, it } from 'vitest';
import { localInputValue, money } from './format.ts';

describe('back-office formats', () => {
  it.each([
    ['2026-06-01T01:30:00.000Z', '2026-06-01T09:30'],
    ['2026-05-31T16:00:00.000Z', '2026-06-01T00:00'],
  ])('%s is %s in a Taipei time input', (iso, input) => {
    expect(localInputValue(iso)).toBe(input);
  });

  it('writes nothing for no time and a dash for no amount', () => {
    expect(localInputValue(undefined)).toBe('');
    expect(money(null)).toBe('—');
    expect(money(1280)).toBe('NT$1,280');
  });
});
