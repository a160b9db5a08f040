import os from 'node:os';
import { Unavailable } from '../../errors.ts';

/**
 * At most `concurrent` password hashes at a time, `waiting` more in line; beyond that a request is
 * turned away at once with 503 instead of queueing CPU work nobody will wait for. argon2 runs on
 * libuv's thread pool, which file reads share: unbounded logins would starve the rest of the shop
 * (and a flood of logins is the cheapest way to take it down).
 */
export class HashingGate {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly concurrent: number,
    private readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrent) {
      if (this.queue.length >= this.waiting) throw new Unavailable('系統忙碌中，請稍後再試');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next)
        next(); // the slot passes straight to the next in line
      else this.active -= 1;
    }
  }
}

/** One hash per core, and a line of 16 per core (a few hundred ms of work at most). */
const cores = Math.max(1, os.availableParallelism());
export const passwordHashing = new HashingGate(cores, 16 * cores);
