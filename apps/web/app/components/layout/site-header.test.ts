import { expect, it } from 'vitest';
import { headerScrollState } from './site-header.tsx';

it.each([
  [0, 'top'],
  [200, 'top'],
  [201, 'moved'],
  [500, 'moved'],
  [501, 'fixed'],
])('header after %i px of scroll: %s', (y, state) => {
  expect(headerScrollState(y)).toBe(state);
});
