// Idempotency-Key of POST /orders (issue 6 item 3): one key per checkout attempt. The key is kept
// until the server has given a definite answer, so pressing 「確認訂購」 again after a lost answer
// (network error, timeout, 5xx) sends the same key and gets the first order back, never a second one.

/** Answers after which the attempt is over: the order exists, or the server refused this body. */
export function isDefiniteAnswer(status: number | null): boolean {
  if (status === null) return false; // no answer at all: the order may or may not exist
  if (status === 408 || status === 425 || status === 429) return false;
  // 409 covers "still processing the first request" (retry with the same key) as well as real
  // conflicts; keeping the key for a conflict is harmless, the server answers it the same way.
  if (status === 409) return false;
  return status < 500;
}

export interface OrderAttempt {
  /** The key for the next send: the open attempt's, or a new one. */
  key(): string;
  /** Records the answer (HTTP status, or null when none arrived) of a send. */
  settle(status: number | null): void;
  /** Ends the attempt whatever happened (e.g. the shopper changed the order). */
  reset(): void;
}

const randomKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export function createOrderAttempt(newKey: () => string = randomKey): OrderAttempt {
  let open: string | null = null;
  return {
    key() {
      open ??= newKey();
      return open;
    },
    settle(status) {
      if (isDefiniteAnswer(status)) open = null;
    },
    reset() {
      open = null;
    },
  };
}
