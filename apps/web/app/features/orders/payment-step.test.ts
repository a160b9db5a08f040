import { describe, expect, it } from 'vitest';
import { inGroupsOfFour } from './payment-step.tsx';

describe('inGroupsOfFour', () => {
  it.each([
    ['9103522175887271', '9103 5221 7588 7271'],
    ['12345', '1234 5'],
    ['1234', '1234'],
    [' 0868 940123456 ', '0868 9401 2345 6'],
  ])('%s → %s', (digits, expected) => {
    expect(inGroupsOfFour(digits)).toBe(expected);
  });
});
