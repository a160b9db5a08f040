import { describe, expect, it } from 'vitest';
import { memberLevelClass, readSession } from './session.ts';

const cookie = (name: string, value: unknown) => `${name}=${encodeURIComponent(JSON.stringify(value))}`;
const auth = cookie('web_auth_data', { id: 7, token: { access_token: 'abc', refresh_token: 'r' } });

describe('readSession', () => {
  it('is a guest without auth data, or with malformed auth data', () => {
    expect(readSession(null)).toEqual({ loggedIn: false, member: null });
    expect(readSession('web_auth_data=%7Bbroken')).toEqual({ loggedIn: false, member: null });
    expect(readSession(cookie('web_member_data', { id: 1, name: '林小美' }))).toEqual({
      loggedIn: false,
      member: null,
    });
  });

  it('is logged in with auth data, showing the member cookie', () => {
    const session = readSession(
      `${auth}; ${cookie('web_member_data', { id: 7, name: '林小美', member_level: { name: '金卡會員', pic: 'l.webp' } })}`,
    );
    expect(session).toEqual({
      loggedIn: true,
      member: { id: 7, name: '林小美', avatar: '', levelName: '金卡會員', levelPic: 'l.webp', levelStyle: '' },
    });
  });

  it('is logged in without member details when only auth data exists', () => {
    expect(readSession(auth)).toEqual({ loggedIn: true, member: null });
  });
});

it('gives each level a style class: its own, else one derived from the name', () => {
  expect(memberLevelClass('金卡會員')).toBe('member-level member-level--gold');
  expect(memberLevelClass('一般會員')).toBe('member-level member-level--basic');
  expect(memberLevelClass('金卡會員', 'level-gold')).toBe('member-level member-level--gold level-gold');
  // A style class that is not a plain CSS identifier is not trusted into the class attribute.
  expect(memberLevelClass('金卡會員', 'x" onclick="y')).toBe('member-level member-level--gold');
});

it('reads the level style class from the member cookie', () => {
  const session = readSession(
    `${auth}; ${cookie('web_member_data', { id: 7, name: '林小美', member_level: { name: '金卡會員', pic: '', style_class: 'gold' } })}`,
  );
  expect(session.member?.levelStyle).toBe('gold');
});
