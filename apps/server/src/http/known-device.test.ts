import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_DAYS, issueKnownDevice, knownDeviceId } from './known-device.ts';

const SECRET = 'k'.repeat(40);
const now = new Date('2026-11-25T02:00:00Z');
const token = issueKnownDevice(SECRET, 'staff', 'owner', now);

describe('known devices', () => {
  it('recognises a token issued to the account', () => {
    expect(knownDeviceId(SECRET, 'staff', 'owner', token, now)).toBe(token.split('.')[0]);
  });

  it.each<[string, Parameters<typeof knownDeviceId>]>([
    ['another account', [SECRET, 'staff', 'counter', token, now]],
    ['the same name among members', [SECRET, 'member', 'owner', token, now]],
    ['another secret', ['x'.repeat(40), 'staff', 'owner', token, now]],
    ['an altered expiry', [SECRET, 'staff', 'owner', token.replace(/\.(\d+)\./, (_m, e) => `.${Number(e) + 1}.`), now]],
    ['no token', [SECRET, 'staff', 'owner', undefined, now]],
    ['garbage', [SECRET, 'staff', 'owner', 'a.b.c.d', now]],
    [
      'an expired token',
      [SECRET, 'staff', 'owner', token, new Date(now.getTime() + (KNOWN_DEVICE_DAYS + 1) * 86_400_000)],
    ],
  ])('refuses %s', (_case, args) => {
    expect(knownDeviceId(...args)).toBeNull();
  });

  it('gives every sign-in a device id of its own', () => {
    const again = issueKnownDevice(SECRET, 'staff', 'owner', now);
    expect(again.split('.')[0]).not.toBe(token.split('.')[0]);
  });
});
