// Test set-up shared by the member tests (after-sales, checkout): a logged-in member's cookie and a fetch that records calls.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

const AUTH = encodeURIComponent(JSON.stringify({ id: 7, token: { access_token: 'member-token', refresh_token: 'r' } }));

export interface StubbedCall {
  url: string;
  method: string;
  body: unknown;
}

/** Every fetch answers `status` with `body`; the calls are recorded in the returned list. */
export function stubApi(status = 200, body: unknown = { code: 200, data: {} }) {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

/** Member 7 is logged in (the auth cookie) for each test; the page, stubs and cookie are cleared after it. */
export function asLoggedInMember() {
  beforeEach(() => {
    document.cookie = `web_auth_data=${AUTH}; path=/`;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'web_auth_data=; path=/; max-age=0';
  });
}
