// The messages between the main thread and a render thread (render-threads.ts, render-thread.ts).
// Everything crosses by structured clone, so only plain data: no Request, Response or functions.
import type { PageSession } from './load-context.ts';

/** What a thread is started with (its `workerData`). */
export interface RenderThreadData {
  /** The storefront build's server entry (`apps/web/build/server/index.js`, resolved). */
  buildEntry: string;
  mode: 'production' | 'development';
}

/** What a loader's `context` holds that is the same for the whole request. */
export interface RenderContextValues {
  publicUrl: string;
  fileServerUrl: string | null;
  guestAuthorization: string;
  cspNonce: string;
  /** The session when it needs no check (a guest sent no token): with the page instead of a call. */
  settledSession?: PageSession;
}

export interface RenderJob {
  type: 'render';
  id: number;
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: Uint8Array | null;
  context: RenderContextValues;
  /** Whether an `abort` may follow (a shopper's own page); a guest's page is finished for the next guests. */
  leavable: boolean;
}

/** The answer of an `apiFetch` made on the main thread, as plain data. */
export interface ApiAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
}

/** A `context` call the main thread answers: a public read, the session, or an API request. */
export type ContextCall =
  /** Answered with a `ReadReply` (read-memo.ts); `holding` is the version of the answer the thread holds. */
  | { name: 'read'; method: string; args: unknown[]; holding?: number }
  | { name: 'session' }
  | { name: 'apiFetch'; path: string; method?: string; headers: Array<[string, string]>; body?: string };

export type ToThread =
  | RenderJob
  | { type: 'abort'; id: number }
  /** The back office changed shop data: drop every read answer kept. */
  | { type: 'forget' }
  | { type: 'answer'; call: number; ok: true; value: unknown }
  | { type: 'answer'; call: number; ok: false; error: string };

export type FromThread =
  | { type: 'call'; call: number; render: number; request: ContextCall }
  | { type: 'head'; id: number; status: number; headers: Array<[string, string]>; hasBody: boolean }
  /** An answer with its whole body at once (a page with its length, or none): one message, not three. */
  | {
      type: 'whole';
      id: number;
      status: number;
      headers: Array<[string, string]>;
      bytes: Uint8Array | null;
    }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'failed'; id: number; error: string }
  | { type: 'ready' };

/** How many read answers a thread keeps, and the main thread remembers sending it. */
export const READS_KEPT = 500;

/** One read's key: its method and arguments. */
export const readKey = (method: string, args: unknown[]) => `${method}:${JSON.stringify(args)}`;
