import { describe, expect, it } from 'vitest';
import { GUEST_MEMBER } from './entities.ts';
import { Gender } from './enums.ts';

describe('GUEST_MEMBER', () => {
  it.each([
    ['id', GUEST_MEMBER.id, 0],
    ['gender', GUEST_MEMBER.gender, Gender.MALE],
    ['is_internet_celebrity', GUEST_MEMBER.is_internet_celebrity, false],
    ['member_level', GUEST_MEMBER.member_level, null],
  ])('%s', (_field, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has zeroed bonuses', () => {
    expect(Object.values(GUEST_MEMBER.member_bonus).every((v) => v === 0)).toBe(true);
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(GUEST_MEMBER)).toBe(true);
    expect(Object.isFrozen(GUEST_MEMBER.member_bonus)).toBe(true);
  });
});
