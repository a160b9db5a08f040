// The loaders' `context`, in a file of its own: the request handler builds it and the render threads
// rebuild it on their side, and neither may import the other for it (the two would import each other).
import type { StorefrontReads } from '@shop/domain';

/** What every React Router loader receives as `context` (declared on the web side in app/load-context.ts). */
export interface WebLoadContext {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  /** The shop's public data, read in-process (issue 15 item 4). */
  reads: StorefrontReads;
  /** The member of the session cookie, verified once per request; `tokenExpired` when a token was sent but is not valid. */
  session(): Promise<PageSession>;
  /** The session when it needs no check (no token was sent), so a render thread need not ask for it. */
  settledSession?: PageSession;
  publicUrl: string;
  fileServerUrl: string | null;
  guestAuthorization: string;
  cspNonce: string;
  /** Takes the bytes of a page the entry rendered in one piece, instead of its Response (decision 090). */
  wholePage?: (bytes: Uint8Array) => void;
}

export interface PageSession {
  memberId: number | null;
  tokenExpired: boolean;
}
