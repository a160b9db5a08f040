import { describe, expect, it } from 'vitest';
import { Gender } from '@shop/domain';
import type { MemberProfile } from '../../api/members.ts';
import { readSession } from './session.ts';
import { SESSION_MAX_AGE_SECONDS, authDataFrom, cookieString, memberCookieOf } from './auth-cookies.ts';

const member: MemberProfile = {
  id: 7,
  account: '0911111111',
  name: '王小明',
  cell_phone: '0911111111',
  gender: Gender.MALE,
  city: '臺北市',
  area: '大安區',
  address: '忠孝東路 1 號',
  avatar: 'members/7.webp',
  email: 'ming@example.tw',
  cart_reminders: true,
  is_internet_celebrity: false,
  internet_celebrity_code: null,
  member_level: { name: '金卡會員', pic: 'levels/gold.webp', style_class: 'level-gold', bonus_rate: 3 },
  member_bonus: { bonus: 1, tmp_bonus: 0, coupon: 0, tmp_coupon: 0, charlotte_coin: 0, point: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The `name=value` part of a cookie string, as the browser would send it back. */
const sent = (cookie: string) => cookie.split(';')[0]!;

describe('session cookies (spec §4, §9)', () => {
  it('are URI-encoded JSON, SameSite=Lax, for the whole site, Secure on https', () => {
    const cookie = cookieString('web_auth_data', { id: 7, token: { access_token: 'a.b.c', refresh_token: 'r' } }, true);
    expect(cookie).toMatch(/^web_auth_data=%7B/);
    expect(cookie).toContain('; Path=/; SameSite=Lax; Secure');
    expect(cookie).toContain(`Max-Age=${SESSION_MAX_AGE_SECONDS}`);
    expect(cookieString('web_auth_data', {}, false)).not.toContain('Secure');
  });

  it('delete with Max-Age=0', () => {
    expect(cookieString('web_member_data', null, false)).toBe('web_member_data=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('round-trip the auth data, and refuse malformed ones', () => {
    const auth = { id: 7, token: { access_token: 'a.b.c', refresh_token: 'r' } };
    expect(authDataFrom(sent(cookieString('web_auth_data', auth, false)))).toEqual(auth);
    expect(authDataFrom('web_auth_data=%7Bbroken')).toBeNull();
    expect(authDataFrom(sent(cookieString('web_auth_data', { id: '7', token: {} }, false)))).toBeNull();
  });

  it('keep in the member cookie only what the header shows, which the server render reads back', () => {
    const kept = memberCookieOf(member);
    expect(Object.keys(kept).sort()).toEqual(['avatar', 'id', 'is_internet_celebrity', 'member_level', 'name']);
    const jar = [
      sent(cookieString('web_auth_data', { id: 7, token: { access_token: 'a.b.c', refresh_token: 'r' } }, false)),
      sent(cookieString('web_member_data', kept, false)),
    ].join('; ');
    expect(readSession(jar).member).toEqual({
      id: 7,
      name: '王小明',
      avatar: 'members/7.webp',
      levelName: '金卡會員',
      levelPic: 'levels/gold.webp',
      levelStyle: 'level-gold',
    });
  });
});
