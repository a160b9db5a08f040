// LINE Login's ID token (OpenID Connect, LINE Login v2.1): a JWT signed HS256 with the channel secret,
// issued by https://access.line.me for the channel id, carrying the nonce the shop sent. Verified
// with jose, the shop's JWT library; only HS256 is accepted, so a token cannot pick its own algorithm.
import { errors, jwtVerify } from 'jose';

export const LINE_ISSUER = 'https://access.line.me';

/** A LINE user id of a channel: `U` and 32 hex digits. */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/;

export interface LineIdentity {
  /** LINE's user id for this provider. */
  userId: string;
  /** The display name, when the profile scope was granted. */
  name: string;
}

export interface IdTokenCheck {
  channelId: string;
  channelSecret: string;
  nonce: string;
  now: Date;
}

/** Why a token was refused, for the log; the shopper only reads that the LINE login failed. */
export class IdTokenError extends Error {}

export async function verifyIdToken(token: string, check: IdTokenCheck): Promise<LineIdentity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(check.channelSecret), {
      algorithms: ['HS256'],
      issuer: LINE_ISSUER,
      audience: check.channelId,
      currentDate: check.now,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (err) {
    const why = err instanceof errors.JOSEError ? err.code : 'unreadable';
    throw new IdTokenError(`id_token refused: ${why}`);
  }
  if (payload.nonce !== check.nonce) throw new IdTokenError('id_token refused: nonce differs');
  if (typeof payload.sub !== 'string' || !LINE_USER_ID.test(payload.sub)) {
    throw new IdTokenError('id_token refused: sub is no LINE user id');
  }
  const name = typeof payload.name === 'string' ? payload.name.slice(0, 100) : '';
  return { userId: payload.sub, name };
}
