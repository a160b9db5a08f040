import { describe, expect, it } from 'vitest';
import { currentReferralCode, hrefWithQuery, isCurrentHref, withReferralCode } from './referral-code.ts';

describe('currentReferralCode', () => {
  it.each([
    [{ pathname: '/', search: '?code=KOL1' }, 'KOL1'],
    [{ pathname: '/coop/DEMOKOL', search: '' }, 'DEMOKOL'],
    [{ pathname: '/coop/DEMOKOL', search: '?code=Q' }, 'Q'],
    [{ pathname: '/products', search: '?t=1' }, null],
    [{ pathname: '/', search: '?code=' }, null],
  ])('%o → %s', (location, expected) => {
    expect(currentReferralCode(location)).toBe(expected);
  });
});

describe('withReferralCode', () => {
  it.each([
    ['/products?t=3&sn=9', 'K', '/products?t=3&sn=9&code=K'],
    ['/news', 'K', '/news?code=K'],
    ['/searching?keyword=茶', 'K', '/searching?keyword=%E8%8C%B6&code=K'],
    ['/about#team', 'K', '/about?code=K#team'],
    ['/products?code=OTHER', 'K', '/products?code=OTHER'],
    ['/news', null, '/news'],
    ['https://line.me/ti/p/x', 'K', 'https://line.me/ti/p/x'],
    ['tel:0223456789', 'K', 'tel:0223456789'],
    ['#top', 'K', '#top'],
  ])('%s with %s → %s', (to, code, expected) => {
    expect(withReferralCode(to, code)).toBe(expected);
  });
});

describe('hrefWithQuery', () => {
  it('skips empty values', () => {
    expect(hrefWithQuery('/products', { t: 3, sn: undefined, pkg: '' })).toBe('/products?t=3');
    expect(hrefWithQuery('/products')).toBe('/products');
  });
});

describe('isCurrentHref', () => {
  it.each([
    ['/products?t=3', { pathname: '/products', search: '?t=3&page=2&code=K' }, true],
    ['/products?t=3', { pathname: '/products', search: '?t=4' }, false],
    ['/news', { pathname: '/news', search: '' }, true],
    ['/', { pathname: '/news', search: '' }, false],
  ])('%s on %o → %s', (to, location, expected) => {
    expect(isCurrentHref(to, location)).toBe(expected);
  });
});
