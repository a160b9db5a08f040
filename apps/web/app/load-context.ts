// What the Fastify server hands every loader and action (see apps/server: the web handler mount).
declare module 'react-router' {
  interface AppLoadContext {
    /**
     * Runs an `/api/v1/...` request in-process. The server adds the member's bearer token when the
     * request carries a valid member session cookie, else rewrites to the guest path with the guest
     * Basic credential (spec §6).
     */
    apiFetch(path: string, init?: RequestInit): Promise<Response>;
    /** Public origin, e.g. https://shop.example.tw (no trailing slash). */
    publicUrl: string;
    /** The storefront's guest `Authorization` header value, passed on to the browser (spec §6). */
    guestAuthorization: string;
    /** This response's Content-Security-Policy nonce, for React Router's inline scripts and the inlined stylesheet. */
    cspNonce: string;
  }
}

export {};
