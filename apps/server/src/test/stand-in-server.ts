// A stand-in for a provider's server (LINE, ECPay, LINE Pay, a bank acquirer, Mitake, …) that a test
// starts on an ephemeral port of 127.0.0.1: the test's handler answers each request, every request is
// recorded as it came, and closing drops the connections still open (a stand-in that stays silent
// would otherwise hold the close for ever).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface StandInRequest {
  method: string;
  /** The path as sent, with its query string. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
}

/**
 * What the stand-in does with a request: answer (status 200 and no body unless told; no content-type
 * unless told; after `delayMs`), say nothing and keep the connection open ('silence'), or drop the
 * connection without an answer ('hang-up': the provider may have acted, the shop never hears).
 */
export type StandInAnswer = StandInReply | 'silence' | 'hang-up';

export interface StandInReply {
  status?: number;
  /** The content-type header. */
  type?: string;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type StandInHandler = (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;

export interface StandIn {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Every request the stand-in got, oldest first. */
  requests: StandInRequest[];
  close(): Promise<void>;
}

/** An answer of `status` with the JSON of `value` (a string is sent as it is: JSON written by hand). */
export const jsonAnswer = (value: unknown, status = 200): StandInReply => ({
  status,
  type: 'application/json',
  body: typeof value === 'string' ? value : JSON.stringify(value),
});

function send(req: http.IncomingMessage, res: http.ServerResponse, answer: StandInAnswer): void {
  if (answer === 'silence') return;
  if (answer === 'hang-up') return void req.socket.destroy();
  const headers = { ...(answer.type ? { 'content-type': answer.type } : {}), ...answer.headers };
  const write = () => res.writeHead(answer.status ?? 200, headers).end(answer.body ?? '');
  if (answer.delayMs) setTimeout(write, answer.delayMs);
  else write();
}

/** Starts a stand-in whose every request `handle` answers; the caller closes it. */
export async function startStandIn(handle: StandInHandler): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      void Promise.resolve(handle(request)).then((answer) => send(req, res, answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A stand-in for the tests of the enclosing `describe` (or file): started before them (a `beforeAll`
 * registered before the caller's own, so its URL is known when the app is built), its record emptied
 * before each test, closed after them. Read `url` and `requests` inside hooks and tests only.
 */
export function useStandIn(handle: StandInHandler): StandIn {
  let standIn: StandIn | undefined;
  const started = (): StandIn => {
    if (!standIn) throw new Error('the stand-in starts in beforeAll: read it inside hooks and tests');
    return standIn;
  };
  beforeAll(async () => {
    standIn = await startStandIn(handle);
  });
  beforeEach(() => {
    started().requests.length = 0;
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    close: () => started().close(),
  };
}
