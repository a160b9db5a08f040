// How failed logins slow guessing down without letting a stranger lock the holder out
// (docs/decisions/037; OWASP Authentication Cheat Sheet, "account lockout" and "device cookies").
//
// - A device that signed in to the account before (known-device.ts) answers for its own failures only.
// - Any other request is held back by the account at its address (a hard block, the attacker's own
//   address), by its address over all accounts (password spraying), and by the account's failures
//   from unknown devices, which grow a delay rather than a lock.
import { localLimiters, type AttemptLimiter, type FailureLimit, type LimiterFactory } from './failure-limiter.ts';

export interface LoginLimitRules {
  /** One account from one address: the guessing address stops fast. */
  perAccountAtAddress: FailureLimit;
  /** One address over every account. */
  perAddress: FailureLimit;
  /** One account from unknown devices, wherever they are: a growing delay, never a lock. */
  perAccount: FailureLimit & { backoff: NonNullable<FailureLimit['backoff']> };
  /** One known device; past it the device counts as unknown. */
  perKnownDevice: FailureLimit;
}

const MINUTE = 60_000;

export const LOGIN_LIMIT_RULES: LoginLimitRules = {
  perAccountAtAddress: { max: 10, windowMs: 15 * MINUTE },
  perAddress: { max: 30, windowMs: 15 * MINUTE },
  // 1 s, 2 s, 4 s … 15 min after the 10th: at most four guesses an hour once an attack has run a while,
  // while the holder's own ten typos cost a second.
  perAccount: { max: 10, windowMs: 60 * MINUTE, backoff: { firstMs: 1_000, maxMs: 15 * MINUTE } },
  perKnownDevice: { max: 10, windowMs: 15 * MINUTE },
};

/** One login try, as `check` saw it. */
export interface LoginAttempt {
  account: string;
  ip: string;
  /** The known device's id when the request carried a valid device token for the account. */
  deviceId: string | null;
  /** Whether the attempt is treated as the known device (its own counter not exhausted). */
  known: boolean;
  /** Milliseconds to wait before trying; 0 = the password may be checked. */
  waitMs: number;
}

/** Failures of the account from unknown devices after a failed try; `burst` when the holder should hear of it. */
export interface LoginFailure {
  accountFailures: number;
  burst: boolean;
}

export class LoginThrottle {
  private readonly accountAtAddress: AttemptLimiter;
  private readonly address: AttemptLimiter;
  private readonly account: AttemptLimiter;
  private readonly device: AttemptLimiter;

  /**
   * `store` makes the counters: this process's memory by default, Redis shared by every process
   * when the shop has one. `scope` keeps members' and staff's counters apart in a shared store.
   */
  constructor(
    private readonly rules: LoginLimitRules = LOGIN_LIMIT_RULES,
    store: LimiterFactory = localLimiters,
    scope = 'login',
  ) {
    this.accountAtAddress = store(`${scope}:account-at-address`, rules.perAccountAtAddress);
    this.address = store(`${scope}:address`, rules.perAddress);
    this.account = store(`${scope}:account`, rules.perAccount);
    this.device = store(`${scope}:device`, rules.perKnownDevice);
  }

  async check(account: string, ip: string, deviceId: string | null, now: number): Promise<LoginAttempt> {
    const base = { account, ip, deviceId };
    if (deviceId && (await this.device.blockedFor(deviceId, now)) === 0) return { ...base, known: true, waitMs: 0 };
    const waits = await Promise.all([
      this.accountAtAddress.blockedFor(pairKey(account, ip), now),
      this.address.blockedFor(ip, now),
      this.account.blockedFor(account, now),
    ]);
    return { ...base, known: false, waitMs: Math.max(...waits) };
  }

  async failed(attempt: LoginAttempt, now: number): Promise<LoginFailure> {
    if (attempt.known) {
      await this.device.fail(attempt.deviceId!, now);
      return { accountFailures: 0, burst: false };
    }
    const [, , accountFailures] = await Promise.all([
      this.accountAtAddress.fail(pairKey(attempt.account, attempt.ip), now),
      this.address.fail(attempt.ip, now),
      this.account.fail(attempt.account, now),
    ]);
    // Once at the limit and again every `max` failures after: under a steady attack a few a day.
    const burst = accountFailures % this.rules.perAccount.max === 0;
    return { accountFailures, burst };
  }

  /**
   * A right password clears what held this request back. A known device's sign-in leaves the account's
   * unknown-device count alone: it says nothing about who else is guessing.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    if (attempt.known) {
      await this.device.clear(attempt.deviceId!);
      return;
    }
    await Promise.all([
      this.accountAtAddress.clear(pairKey(attempt.account, attempt.ip)),
      this.account.clear(attempt.account),
    ]);
  }

  /** The holder proved the account another way (a password reset by SMS): lift the account's delay. */
  async forgive(account: string, ip: string): Promise<void> {
    await Promise.all([this.accountAtAddress.clear(pairKey(account, ip)), this.account.clear(account)]);
  }
}

function pairKey(account: string, ip: string): string {
  return JSON.stringify([account, ip]);
}
