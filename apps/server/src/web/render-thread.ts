// A render thread (decision 065): runs React Router's request handler on pages the main thread sends,
// and streams the answers back. The loaders' `context` is a stand-in whose reads, session and API
// requests are answered by the main thread, which keeps the database, the caches and Fastify.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { readMemo, type ReadReply } from './read-memo.ts';
import {
  READS_KEPT,
  readKey,
  type ApiAnswer,
  type ContextCall,
  type FromThread,
  type RenderJob,
  type RenderThreadData,
  type ToThread,
} from './render-thread-protocol.ts';

const port = parentPort!;
const { buildEntry, mode } = workerData as RenderThreadData;
const build = (await import(pathToFileURL(buildEntry).href)) as ServerBuild;
const handle = createRequestHandler(build, mode);

const send = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

/** Bytes that own all their memory move to the main thread instead of being copied (the page is sent once). */
const ownMemory = (bytes: Uint8Array | null): ArrayBuffer[] =>
  bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : [];

let lastCall = 0;
const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

function ask(render: number, request: ContextCall): Promise<unknown> {
  const call = ++lastCall;
  return new Promise((resolve, reject) => {
    waiting.set(call, { resolve, reject });
    send({ type: 'call', call, render, request });
  });
}

/**
 * Read answers kept for a moment, so a burst of pages clones each once: the main thread keeps them
 * for longer (http/response-cache.ts) and says when the back office changed data ('forget').
 */
const kept = readMemo({ freshMs: 1_000, most: READS_KEPT });

// The same object for every request: the reads take no request state.
const reads = new Proxy(
  {},
  {
    get: (_target, method) =>
      // `then` must stay undefined, or awaiting the object would call it.
      typeof method === 'string' && method !== 'then'
        ? (...args: unknown[]) =>
            kept.read(
              readKey(method, args),
              (holding) => ask(0, { name: 'read', method, args, holding }) as Promise<ReadReply>,
            )
        : undefined,
  },
);

function loadContext(job: RenderJob, wholePage: (bytes: Uint8Array) => void) {
  const { settledSession, ...values } = job.context;
  let session: Promise<unknown> | undefined = settledSession && Promise.resolve(settledSession);
  return {
    ...values,
    reads,
    wholePage,
    session: () => (session ??= ask(job.id, { name: 'session' })),
    async apiFetch(path: string, init: RequestInit = {}) {
      if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
        throw new TypeError('apiFetch sends a string body only');
      }
      const answer = (await ask(job.id, {
        name: 'apiFetch',
        path,
        method: init.method,
        headers: [...new Headers(init.headers)],
        body: init.body ?? undefined,
      })) as ApiAnswer;
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    },
  };
}

/** The renders an `abort` can stop. */
const running = new Map<number, AbortController>();

/**
 * Sends a body on in the pieces it has by each turn of the event loop: React writes a page in
 * hundreds of small chunks, and a message per chunk cost more than the copy that joins them.
 */
async function forward(id: number, body: ReadableStream<Uint8Array>, signal: AbortSignal | undefined) {
  let pending: Uint8Array[] = [];
  let flushing: NodeJS.Immediate | undefined;
  const flush = () => {
    flushing = undefined;
    if (pending.length === 0) return;
    const bytes = Buffer.concat(pending);
    pending = [];
    send({ type: 'chunk', id, bytes }, ownMemory(bytes));
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    if (signal?.aborted) break;
    pending.push(chunk);
    flushing ??= setImmediate(flush);
  }
  if (flushing) clearImmediate(flushing);
  flush();
}

async function render(job: RenderJob) {
  // A Request that follows a signal costs three times one that does not (a listener, a WeakRef and a
  // finalizer each): only a render that can be stopped gets one.
  const controller = job.leavable ? new AbortController() : undefined;
  if (controller) running.set(job.id, controller);
  try {
    const request = new Request(job.url, {
      method: job.method,
      headers: job.headers,
      ...(controller ? { signal: controller.signal } : {}),
      ...(job.body ? { body: job.body } : {}),
    });
    let whole: Uint8Array | undefined;
    const response = await handle(request, loadContext(job, (bytes) => (whole = bytes)) as never);
    // A page rendered in one piece goes back in one message, with the bytes the entry made it from.
    if (whole || !response.body || response.headers.has('content-length')) {
      const bytes = whole ?? (response.body ? new Uint8Array(await response.arrayBuffer()) : null);
      send(
        { type: 'whole', id: job.id, status: response.status, headers: [...response.headers], bytes },
        ownMemory(bytes),
      );
      return;
    }
    send({
      type: 'head',
      id: job.id,
      status: response.status,
      headers: [...response.headers],
      hasBody: response.body !== null,
    });
    if (response.body) await forward(job.id, response.body, controller?.signal);
    send({ type: 'end', id: job.id });
  } catch (err) {
    send({ type: 'failed', id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  } finally {
    running.delete(job.id);
  }
}

port.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'render':
      void render(message);
      break;
    case 'abort':
      running.get(message.id)?.abort();
      break;
    case 'forget':
      kept.forget();
      break;
    case 'answer': {
      const pending = waiting.get(message.call);
      waiting.delete(message.call);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new Error(message.error));
    }
  }
});

send({ type: 'ready' });
