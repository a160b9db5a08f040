import { describe, expect, it } from 'vitest';
import { estimatedBits, isCounter, repeatingPeriod, whyGuessable } from './guessable-secret.ts';

// Drawn once with openssl (and bench/run.ts's randomBytes(36) as base64url) and fixed here, so the
// test never depends on a draw.
const HEX_32 = [
  '11314ade4e6bfa459d0dd9c66a9f6d8ee8ce6ba475800fe23d5a872b62b8f175',
  '4e5522497f231707395a88378eab9aee1faa79144bf70e07d651290368436607',
];
const BASE64_32 = ['fGD3exb4e1oEnOfC6+26WOZ6jPViEr5L+dmpicSNp6g=', 'bsRpzCofgLhplmGbYiK7qfPP4M76mdYKZpBR/EpfLvs='];
const BASE64_48 = 'oSrzJJ4nYrwsW0HPwpIXSdLvTl2BZowHVDyY1M1v/4Ac9EHWpchr2H4U7o3DSevp';
const BASE64URL_36 = 'mFirSeHEvp69mrH6Pavb-F-4vDHzyqf88H9-ZaGt2kHkcKOe';
const HEX_16 = '9dd1d89b0d689cf78ca012488909417f';

describe('a guessable secret', () => {
  it.each([
    ['36 × a (the attack run)', 'a'.repeat(36), /one character repeated/],
    ['31 random bytes', HEX_32[0]!.slice(0, 31), /31 bytes, fewer than 32/],
    ['a repeated short piece', 'abc'.repeat(12), /piece of 3 characters repeated/],
    ['a repeated word', 'password'.repeat(4), /piece of 8 characters repeated/],
    ['a repeated word with a year after it', `${'secret'.repeat(6)}2024`, /piece of 6 characters repeated/],
    ['one character with two others', `${'x'.repeat(40)}Q7`, /one character repeated/],
    ['the hex digits, twice', '0123456789abcdef'.repeat(2), /counting/],
    ['the digits and letters in a row', '0123456789abcdefghijklmnopqrstuvwxyz', /counting/],
    ['the same, descending', 'zyxwvutsrqponmlkjihgfedcba9876543210', /counting/],
    ['a decimal counter', '0123456789'.repeat(4), /counting/],
    ['a two-digit hex counter', '000102030405060708090a0b0c0d0e0f1011', /counting/],
    ['a two-digit decimal counter', '0001020304050607080910111213141516', /counting/],
    ['an eight-digit counter', '00000001000000020000000300000004', /counting/],
    ['two characters in no order', 'abbaabababbbaabaabbbababaabbbaabab', /only 2 different characters, about 34 bits/],
    ['five characters in no order', 'ptdqpwdtqwpdqtwpqdwtpqdtwqpdtqwp', /only 5 different characters, about 74 bits/],
  ])('refuses %s', (_what, secret, why) => {
    expect(whyGuessable(secret)).toMatch(why);
  });

  it.each([
    ['openssl rand -hex 32', HEX_32[0]],
    ['openssl rand -hex 32, another', HEX_32[1]],
    ['openssl rand -base64 32', BASE64_32[0]],
    ['openssl rand -base64 32, another', BASE64_32[1]],
    ['openssl rand -base64 48 (README: rotating the secret)', BASE64_48],
    ['36 random bytes as base64url (the benchmark)', BASE64URL_36],
    ['openssl rand -hex 16: 32 characters, 128 bits', HEX_16],
    ['a long phrase of many characters', 'a-production-secret-of-more-than-32-characters'],
  ])('takes %s', (_what, secret) => {
    expect(whyGuessable(secret!)).toBeNull();
  });

  it('measures bytes, not characters: 8 Chinese characters are 24 bytes, 11 are 33', () => {
    expect(whyGuessable('好物選品商店簽章')).toMatch(/^24 bytes/);
    expect(whyGuessable('好物選品商店簽章金鑰甲')).not.toMatch(/bytes/);
  });

  it('never quotes the secret', () => {
    expect(whyGuessable('hunter2'.repeat(5))).not.toContain('hunter');
  });
});

describe('the pieces of the rule', () => {
  it.each([
    ['aaaa', 0],
    ['abab', 4],
    ['0123456789abcdef', 64],
  ])('estimates %s at %d bits (length × log2 of the characters it uses)', (s, bits) => {
    expect(estimatedBits([...s])).toBe(bits);
  });

  it.each([
    ['aaaaaaaa', 1],
    ['abcabcabcabc', 3],
    ['passwordpassword', 8],
    ['abcdefgh', null],
    [HEX_32[0]!, null],
  ])('finds the period of %s: %s', (s, period) => {
    expect(repeatingPeriod([...s])).toBe(period);
  });

  it.each([
    ['abcdefgh', true],
    ['hgfedcba', true],
    ['02468ace', true],
    ['0a141e28323c4650', true], // 10, 20, 30 … in hex pairs
    ['aaaaaaaa', false], // repeating, not counting
    [HEX_32[0]!, false],
    [BASE64_32[0]!, false],
    ['abc', false],
  ])('tells whether %s counts: %s', (s, counts) => {
    expect(isCounter([...s])).toBe(counts);
  });
});
