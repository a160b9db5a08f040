import { describe, expect, it } from 'vitest';
import { createOrderAttempt, isDefiniteAnswer } from './order-attempt.ts';

function keys() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('createOrderAttempt', () => {
  it('reuses the key when no answer arrived, so the retry cannot make a second order', () => {
    const attempt = createOrderAttempt(keys());
    expect(attempt.key()).toBe('key-1');
    attempt.settle(null);
    expect(attempt.key()).toBe('key-1');
    attempt.settle(503);
    expect(attempt.key()).toBe('key-1');
  });

  it('starts a new attempt after the order was made', () => {
    const attempt = createOrderAttempt(keys());
    attempt.key();
    attempt.settle(201);
    expect(attempt.key()).toBe('key-2');
  });

  it('starts a new attempt after the server refused the body (400), so the corrected order is new', () => {
    const attempt = createOrderAttempt(keys());
    attempt.key();
    attempt.settle(400);
    expect(attempt.key()).toBe('key-2');
  });

  it('a reset always ends the attempt', () => {
    const attempt = createOrderAttempt(keys());
    attempt.key();
    attempt.reset();
    expect(attempt.key()).toBe('key-2');
  });
});

describe('isDefiniteAnswer', () => {
  it.each([
    [null, false],
    [200, true],
    [201, true],
    [400, true],
    [401, true],
    [403, true],
    [408, false],
    [409, false],
    [429, false],
    [500, false],
    [502, false],
  ])('%s → %s', (status, expected) => {
    expect(isDefiniteAnswer(status)).toBe(expected);
  });
});
