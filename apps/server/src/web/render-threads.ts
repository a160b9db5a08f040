import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { StorefrontReads } from '@shop/domain';
import type { PageSession, WebLoadContext } from './load-context.ts';
import { bufferOf, type PageAnswer, type PageRequest } from './page-answer.ts';
import { SentReads, type ReadReply } from './read-memo.ts';
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

/** Statuses whose response never has a body (Fetch's "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Where render-thread is: beside this file when it runs from source (tsx, tests), which the thread
 * needs tsx to load too; `dist/web/render-thread.js` once this is bundled into dist/main.js.
 */
function threadEntry(): { script: string; eval?: true } {
  const here = fileURLToPath(import.meta.url);
  const beside = path.join(path.dirname(here), 'render-thread.ts');
  if (here.endsWith('.ts') && fs.existsSync(beside)) {
    // A thread does not inherit the process's `--import tsx`: it loads the file through tsx's API.
    const url = JSON.stringify(pathToFileURL(beside).href);
    return { script: `import('tsx/esm/api').then(({ tsImport }) => tsImport(${url}, ${url}))`, eval: true };
  }
  return { script: path.join(path.dirname(here), 'web', 'render-thread.js') };
}

/**
 * A render thread allocates about 0.9 MB per page, nearly all of it garbage by the page's end. With
 * V8's default young generation it collected some 20 times a second, each pause stopping the pages
 * it was rendering; 64 MB halves those collections and their time, for about 100 MB more memory
 * (decision 091).
 */
const RENDER_THREAD_YOUNG_GENERATION_MB = 64;

interface Render {
  context: WebLoadContext;
  resolve(answer: PageAnswer): void;
  reject(error: Error): void;
  body?: Readable;
}

interface Thread {
  worker: Worker;
  renders: Map<number, Render>;
  /** The read answers sent to this thread, so an unchanged one is not sent again (read-memo.ts). */
  sent: SentReads;
}

export interface RenderThreadsOptions extends RenderThreadData {
  count: number;
  /** The public reads every page's context shares. */
  reads: StorefrontReads;
  log: FastifyBaseLogger;
}

/**
 * Pages rendered on worker threads (docs/decisions/065). One process on the embedded database can
 * use one core for JavaScript; React's and React Router's rendering is most of a page's CPU, so
 * threads render while the main thread keeps Fastify, the database and the caches, and answers the
 * threads' `context` calls.
 */
export class RenderThreads {
  private readonly threads: Thread[] = [];
  private lastRender = 0;
  private closing = false;

  private constructor(private readonly options: RenderThreadsOptions) {}

  static async start(options: RenderThreadsOptions): Promise<RenderThreads> {
    const pool = new RenderThreads(options);
    await Promise.all(Array.from({ length: options.count }, () => pool.spawn()));
    return pool;
  }

  /** Renders `page` on the least busy thread, with the loaders' context answered from here. */
  readonly render = (page: PageRequest, context: WebLoadContext): Promise<PageAnswer> => {
    const thread = this.threads.reduce((least, t) => (t.renders.size < least.renders.size ? t : least));
    const id = ++this.lastRender;
    const job: RenderJob = {
      type: 'render',
      id,
      url: page.url,
      method: page.method,
      headers: page.headers,
      body: page.body,
      context: {
        publicUrl: context.publicUrl,
        fileServerUrl: context.fileServerUrl,
        guestAuthorization: context.guestAuthorization,
        cspNonce: context.cspNonce,
        ...(context.settledSession ? { settledSession: context.settledSession } : {}),
      },
      leavable: page.onLeave !== undefined,
    };
    return new Promise<PageAnswer>((resolve, reject) => {
      thread.renders.set(id, { context, resolve, reject });
      page.onLeave?.(() => this.post(thread, { type: 'abort', id }));
      this.post(thread, job);
    });
  };

  /** Drops the threads' kept read answers: call whenever the back office changes shop data. */
  forget() {
    for (const thread of this.threads) {
      thread.sent.forget();
      this.post(thread, { type: 'forget' });
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private post(thread: Thread, message: ToThread) {
    thread.worker.postMessage(message);
  }

  private spawn(): Promise<void> {
    const entry = threadEntry();
    const worker = new Worker(entry.script, {
      ...(entry.eval ? { eval: true } : {}),
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_GENERATION_MB },
      workerData: { buildEntry: this.options.buildEntry, mode: this.options.mode } satisfies RenderThreadData,
    });
    const thread: Thread = { worker, renders: new Map(), sent: new SentReads(READS_KEPT) };
    this.threads.push(thread);
    return new Promise((ready, failed) => {
      let started = false;
      let lastError: Error | undefined;
      worker.on('message', (message: FromThread) => {
        if (message.type === 'ready') {
          started = true;
          ready();
        } else this.receive(thread, message);
      });
      worker.on('error', (err) => {
        lastError = err;
        this.options.log.error({ err }, 'render thread failed');
      });
      worker.on('exit', (code) => {
        this.threads.splice(this.threads.indexOf(thread), 1);
        // Pages it was rendering fail as a render error would (a 500 page, or a cut stream).
        const lost = new Error(`render thread exited (${code})`);
        const cut = [...thread.renders.values()];
        thread.renders.clear();
        for (const render of cut) {
          if (render.body) render.body.destroy(lost);
          else render.reject(lost);
        }
        if (!started) return failed(new Error(`render thread did not start: ${lastError?.message ?? `exit ${code}`}`));
        if (!this.closing)
          void this.spawn().catch((err) => this.options.log.error({ err }, 'render thread restart failed'));
      });
    });
  }

  private receive(thread: Thread, message: Exclude<FromThread, { type: 'ready' }>) {
    if (message.type === 'call') {
      void this.answer(thread, message.call, message.render, message.request);
      return;
    }
    const render = thread.renders.get(message.id);
    if (!render) return;
    switch (message.type) {
      case 'head': {
        const { id, status, headers } = message;
        if (!message.hasBody || NULL_BODY_STATUSES.has(status)) {
          render.resolve({ status, headers, bytes: null });
          thread.renders.delete(id);
          break;
        }
        render.body = new Readable({
          read() {},
          // The shopper left (or the page failed): what the thread still sends for it is dropped.
          destroy: (error, done) => {
            if (thread.renders.delete(id)) this.post(thread, { type: 'abort', id });
            done(error);
          },
        });
        render.resolve({ status, headers, bytes: null, stream: render.body });
        break;
      }
      case 'whole': {
        const { status, headers, bytes } = message;
        render.resolve({ status, headers, bytes: bytes && !NULL_BODY_STATUSES.has(status) ? bufferOf(bytes) : null });
        thread.renders.delete(message.id);
        break;
      }
      case 'chunk':
        render.body?.push(bufferOf(message.bytes));
        break;
      case 'end':
        thread.renders.delete(message.id);
        render.body?.push(null);
        break;
      case 'failed': {
        const error = new Error(message.error);
        thread.renders.delete(message.id);
        if (render.body) render.body.destroy(error);
        else render.reject(error);
      }
    }
  }

  private async answer(thread: Thread, call: number, renderId: number, request: ContextCall) {
    try {
      const value = await this.run(thread, renderId, request);
      this.post(thread, { type: 'answer', call, ok: true, value });
    } catch (err) {
      this.post(thread, { type: 'answer', call, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private async run(thread: Thread, renderId: number, request: ContextCall): Promise<unknown> {
    if (request.name === 'read') {
      const reads = this.options.reads as unknown as Record<string, unknown>;
      const read = reads[request.method];
      if (typeof read !== 'function') throw new Error(`no such read: ${request.method}`);
      const value: unknown = await read.apply(reads, request.args);
      return thread.sent.reply(readKey(request.method, request.args), request.holding, value) satisfies ReadReply;
    }
    const context = thread.renders.get(renderId)?.context;
    if (!context) throw new Error('the page is no longer being rendered');
    if (request.name === 'session') return (await context.session()) satisfies PageSession;
    const response = await context.apiFetch(request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const body = response.body ? await response.arrayBuffer() : null;
    return { status: response.status, headers: [...response.headers], body } satisfies ApiAnswer;
  }
}
