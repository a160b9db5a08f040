import { describe, expect, it } from 'vitest';
import { isBackOfficePath, usesOwnLayout } from './back-office-path.ts';

describe('isBackOfficePath', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/products/3', true],
    ['/administrator', false],
    ['/admins', false],
    ['/', false],
    ['/products', false],
  ])('%s → %s', (path, expected) => expect(isBackOfficePath(path)).toBe(expected));
});

describe('usesOwnLayout', () => {
  it('is true when any matched route asks for its own layout', () => {
    expect(usesOwnLayout([{ handle: undefined }, { handle: { ownLayout: true } }])).toBe(true);
    expect(usesOwnLayout([{ handle: undefined }, { handle: { other: 1 } }])).toBe(false);
    expect(usesOwnLayout([])).toBe(false);
  });
});
