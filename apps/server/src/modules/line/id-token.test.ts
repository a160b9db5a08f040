// The ID token checks of LINE Login v2.1, one refusal per row.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { IdTokenError, LINE_ISSUER, verifyIdToken } from './id-token.ts';

const SECRET = 'channel-secret-of-the-test';
const CHANNEL = '2000000099';
const NOW = new Date('2026-12-01T08:00:00Z');
const USER = `U${'a1'.repeat(16)}`;

async function token(change: { claims?: Record<string, unknown>; secret?: string; alg?: string; expIn?: number } = {}) {
  const iat = Math.floor(NOW.getTime() / 1000);
  const claims = {
    iss: LINE_ISSUER,
    aud: CHANNEL,
    sub: USER,
    iat,
    exp: iat + (change.expIn ?? 3600),
    nonce: 'n-1',
    name: '林小美',
    ...change.claims,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: change.alg ?? 'HS256' })
    .sign(new TextEncoder().encode(change.secret ?? SECRET));
}

const check = { channelId: CHANNEL, channelSecret: SECRET, nonce: 'n-1', now: NOW };

describe('verifyIdToken', () => {
  it('answers the LINE user of a token LINE signed for this channel and this login', async () => {
    await expect(verifyIdToken(await token(), check)).resolves.toEqual({ userId: USER, name: '林小美' });
  });

  it.each<[string, () => Promise<string>]>([
    ['signed with another secret (forged)', () => token({ secret: 'not-the-channel-secret' })],
    ['signed HS384, not the HS256 LINE uses', () => token({ alg: 'HS384' })],
    ['expired', () => token({ expIn: -1 })],
    ['issued by another issuer', () => token({ claims: { iss: 'https://evil.example' } })],
    ['for another channel', () => token({ claims: { aud: '2000000100' } })],
    ['with the nonce of another login', () => token({ claims: { nonce: 'n-2' } })],
    ['without a nonce', () => token({ claims: { nonce: undefined } })],
    ['with a subject that is no LINE user id', () => token({ claims: { sub: 'someone' } })],
    ['not a JWT at all', async () => 'not.a.jwt'],
    [
      'unsigned (alg none)',
      async () =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: LINE_ISSUER, aud: CHANNEL, sub: USER, nonce: 'n-1', exp: 9e9, iat: 1 })).toString('base64url')}.`,
    ],
  ])('refuses a token %s', async (_why, make) => {
    await expect(verifyIdToken(await make(), check)).rejects.toBeInstanceOf(IdTokenError);
  });
});
