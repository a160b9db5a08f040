// A page request and its answer as plain data (decision 090). React Router takes a Fetch Request and
// gives back a Fetch Response, but a page rendered on a thread crosses to the main thread as plain
// data anyway: wrapping it in a Request on the way out and a Response on the way back, then reading
// the Response out again, was about a fifth of the main thread's work per page.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** What a page's render is asked with. */
export interface PageRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  /** A page post's raw body (React Router actions); null for a GET. */
  body: Buffer | null;
  /** Given the render's stop, to call if the shopper leaves first; unset for a render guests share. */
  onLeave?: (stop: () => void) => void;
}

/** A rendered page as the server writes it. */
export interface PageAnswer {
  status: number;
  /** Lower-case names, each Set-Cookie an entry of its own. */
  headers: Array<[string, string]>;
  /** The whole body of a page rendered in one piece; null when it streams or has none. */
  bytes: Buffer | null;
  /** The body of a page with deferred data, as React streams it. */
  stream?: Readable;
}

/** Bytes as a Buffer over the same memory (a thread's message, the entry's page). */
export const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function headerOf(answer: PageAnswer, name: string): string | undefined {
  return answer.headers.find(([n]) => n === name)?.[1];
}

/** Sets (replaces) a header; `name` in lower case. */
export function setHeader(answer: PageAnswer, name: string, value: string) {
  answer.headers = answer.headers.filter(([n]) => n !== name);
  answer.headers.push([name, value]);
}

/** The Fetch request React Router renders. */
export function fetchRequest(page: PageRequest): Request {
  const controller = page.onLeave ? new AbortController() : undefined;
  if (controller) page.onLeave!(() => controller.abort());
  return new Request(page.url, {
    method: page.method,
    headers: page.headers,
    ...(controller ? { signal: controller.signal } : {}),
    ...(page.body ? { body: page.body } : {}),
  });
}

/**
 * A Response as a PageAnswer: `whole` when the entry handed over the page's bytes instead (a page
 * rendered in one piece, whose Response then has no body), else read in one piece when it has a
 * length, else streamed.
 */
export async function answerOfResponse(response: Response, whole?: Uint8Array): Promise<PageAnswer> {
  const answer = { status: response.status, headers: [...response.headers], bytes: null };
  if (whole) return { ...answer, bytes: bufferOf(whole) };
  if (!response.body) return answer;
  if (response.headers.has('content-length')) return { ...answer, bytes: Buffer.from(await response.arrayBuffer()) };
  return { ...answer, stream: Readable.fromWeb(response.body as NodeReadableStream) };
}

/** The whole body of an answer, a streamed one read to its end (a guest page to keep). */
export async function wholeBody(answer: PageAnswer): Promise<Buffer> {
  if (answer.bytes) return answer.bytes;
  if (!answer.stream) return Buffer.alloc(0);
  return Buffer.concat((await answer.stream.toArray()) as Buffer[]);
}
