import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { FailureLimiter } from '../../http/failure-limiter.ts';
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

/** ASVS v5 6.3.1: failed logins per account and per IP, 15-minute windows (docs/decisions/012). */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 };
export const LOGIN_FAILURES_PER_IP = { max: 30, windowMs: 15 * 60_000 };

export interface LoginLimits {
  account: FailureLimiter;
  ip: FailureLimiter;
}

export function createLoginLimits(): LoginLimits {
  return { account: new FailureLimiter(LOGIN_FAILURES_PER_ACCOUNT), ip: new FailureLimiter(LOGIN_FAILURES_PER_IP) };
}
