/** A turn at the process's work; `release` hands it on (to the longest waiter) and may be called more than once. */
export interface Turn {
  release(): void;
}

interface Waiter {
  grant(turn: Turn | null): void;
}

/**
 * Turns at a bounded amount of work, first come first served: `slots` at once, and up to
 * `maxWaiting` requests waiting for one, each for a limited time (http/overload.ts).
 */
export class TurnQueue {
  private inUse = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
  ) {}

  /** Requests holding a turn now. */
  get busy(): number {
    return this.inUse;
  }

  /** Requests waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** A turn at once, or null when every slot is taken. */
  tryTake(): Turn | null {
    if (this.inUse >= this.slots) return null;
    this.inUse++;
    return this.newTurn();
  }

  /**
   * A turn within `ms`, or null when none came in time, the queue is full or `signal` aborted.
   * Waiters are served in arrival order; one that leaves gives its place up.
   */
  wait(ms: number, signal?: AbortSignal): Promise<Turn | null> {
    const now = this.tryTake();
    if (now) return Promise.resolve(now);
    if (ms <= 0 || this.waiting.length >= this.maxWaiting || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (turn) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          resolve(turn);
        },
      };
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        waiter.grant(null);
      };
      const timer = setTimeout(leave, ms);
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  private newTurn(): Turn {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const next = this.waiting.shift();
        // The slot passes straight to the next waiter, so a newcomer cannot take it first.
        if (next) next.grant(this.newTurn());
        else this.inUse--;
      },
    };
  }
}
