// spec §4, §8, §9: a 401 「token驗證失敗」 starts token-expired handling, at most once per second;
// the refresh call itself is debounced 1 s (a page firing several calls at once refreshes once).
// Success reloads the page with the new token; failure logs out.

export const TOKEN_EXPIRED_THROTTLE_MS = 1000;
export const REFRESH_DEBOUNCE_MS = 1000;

export interface TokenExpiryOptions {
  /** Asks for a new token and stores it; false (or a rejection) when that was refused. */
  refresh(): Promise<boolean>;
  onRefreshed(): void;
  onFailed(): void;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => () => void;
}

const browserSchedule = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

/** The handler to call on every 「token驗證失敗」; it decides when to refresh. */
export function createTokenExpiryHandler(options: TokenExpiryOptions): () => void {
  const now = options.now ?? (() => Date.now());
  const schedule = options.schedule ?? browserSchedule;
  let lastHandled = Number.NEGATIVE_INFINITY;
  let cancelPending: (() => void) | null = null;
  let refreshing = false;

  const run = async () => {
    cancelPending = null;
    refreshing = true;
    let ok = false;
    try {
      ok = await options.refresh();
    } catch {
      ok = false;
    } finally {
      refreshing = false;
    }
    if (ok) options.onRefreshed();
    else options.onFailed();
  };

  return () => {
    const at = now();
    if (refreshing || at - lastHandled < TOKEN_EXPIRED_THROTTLE_MS) return;
    lastHandled = at;
    cancelPending?.();
    cancelPending = schedule(() => void run(), REFRESH_DEBOUNCE_MS);
  };
}
