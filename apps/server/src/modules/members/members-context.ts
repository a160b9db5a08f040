import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { localLimiters, type AttemptLimiter, type LimiterFactory } from '../../http/failure-limiter.ts';
import { LoginThrottle } from '../../http/login-throttle.ts';
import type { SmsSender } from './sms/sms-sender.ts';

/** What the member services need: database, settings, clock, SMS delivery, log and the login counters. */
export interface MembersContext {
  db: Db;
  config: Config;
  now: () => Date;
  sms: SmsSender;
  log: FastifyBaseLogger;
  loginLimits: LoginLimits;
}

/**
 * Wrong current passwords in a password change, per member: only the holder of the member's token gets
 * here, so strangers' login failures must not hold it back (the holder may be changing it because of them).
 */
export const PASSWORD_CHANGE_FAILURES = { max: 10, windowMs: 15 * 60_000 };

export interface LoginLimits {
  /** ASVS v5 6.3.1 without a lockout of the holder (docs/decisions/037). */
  login: LoginThrottle;
  passwordChange: AttemptLimiter;
}

/** The member login counters, in `limiters` (this process's memory, or shared by every process). */
export function createLoginLimits(limiters: LimiterFactory = localLimiters): LoginLimits {
  return {
    login: new LoginThrottle(undefined, limiters, 'member-login'),
    passwordChange: limiters('member-password-change', PASSWORD_CHANGE_FAILURES),
  };
}
