// What the Fastify server hands every loader and action (see apps/server: the web handler mount).
import type { StorefrontReads } from '@shop/domain';

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * The shop's public data, read in-process from the server's services (not HTTP to the same
     * process). Answers are shared between requests: never mutate them.
     */
    reads: StorefrontReads;
    /** The session cookie's member, verified once per request; `tokenExpired` when its token is no longer valid. */
    session(): Promise<{ memberId: number | null; tokenExpired: boolean }>;
    /**
     * Runs an `/api/v1/...` request in-process. The server adds the member's bearer token when the
     * request carries a valid member session cookie, else rewrites to the guest path with the guest
     * Basic credential (spec §6).
     */
    apiFetch(path: string, init?: RequestInit): Promise<Response>;
    /** Public origin, e.g. https://shop.example.tw (no trailing slash). */
    publicUrl: string;
    /** FILE_SERVER_URL: the origin uploaded images are served from, or null for the shop's own. */
    fileServerUrl: string | null;
    /** The storefront's guest `Authorization` header value, passed on to the browser (spec §6). */
    guestAuthorization: string;
    /** This response's Content-Security-Policy nonce, for React Router's inline scripts and the inlined stylesheet. */
    cspNonce: string;
    /**
     * Takes the bytes of a page rendered in one piece, which the server then writes as they are: the
     * Response the entry gives back has no body (docs/decisions/090). Unset, the Response carries them.
     */
    wholePage?: (bytes: Uint8Array) => void;
  }
}

export {};
