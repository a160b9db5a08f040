import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeBus } from '../shared-state/index.ts';

export interface Answer {
  data: unknown;
  /** For a paged list: how many records match in all. */
  total?: number;
}

interface Entry {
  body: string;
  total?: number;
  expires: number;
}

/**
 * Serialised answers of public catalogue GETs, keyed by what the route reads: its path, its params
 * and its validated query (issue 45: keyed on the raw URL, one junk parameter skipped the cache and
 * made the database do the work, a lever for anyone who wants the shop slow). The catalogue changes
 * rarely and is read on every page, so most requests are served from memory. Entries live `ttlMs` at
 * most — short enough that a product entering or leaving its activity window shows up within a
 * minute — and `clear()` drops everything when the back office changes data.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** The request URLs that were answered from each key, for `peek`, which sees only a URL. */
  private readonly keyOfUrl = new Map<string, string>();

  /**
   * `ttlMs`: how long an answer is kept (0: never, each request does the work). The in-process values
   * of `remember` are kept `valuesTtlMs` either way, since every page render reads them.
   */
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2_000,
    private readonly valuesTtlMs = 60_000,
  ) {}

  async reply(req: FastifyRequest, reply: FastifyReply, compute: () => Promise<Answer>): Promise<void> {
    await this.answer(req, reply, async () => {
      const { data, total } = await compute();
      // The route's response schema serialises the answer, once, as it does for any other reply.
      return { body: String(reply.serialize({ code: 200, data })), total };
    });
  }

  /**
   * As `reply`, for an answer whose `data` is already JSON (records serialised by their schema when
   * they were read, catalogue-snapshot.ts): the envelope is written around it.
   */
  async replyJson(
    req: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ json: string; total?: number }>,
  ): Promise<void> {
    await this.answer(req, reply, async () => {
      const { json, total } = await compute();
      return { body: `{"code":200,"data":${json}}`, total };
    });
  }

  private async answer(
    req: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ body: string; total?: number }>,
  ): Promise<void> {
    const key = answerKey(req);
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= now) {
      entry = { ...(await compute()), expires: now + this.ttlMs };
      if (this.ttlMs > 0) this.keep(key, entry);
    }
    if (this.ttlMs > 0 && this.keyOfUrl.get(req.url) !== key) {
      // Junk URLs can fill this map faster than real ones; it is only a shortcut, so it is simply dropped.
      if (this.keyOfUrl.size >= this.maxEntries * 4) this.keyOfUrl.clear();
      this.keyOfUrl.set(req.url, key);
    }
    // spec §7: lists answer their records in `data`; a paged list adds the full count in a header.
    if (entry.total !== undefined) reply.header('X-Total-Count', String(entry.total));
    // Settles once the answer is written (Fastify's `await reply`), so a handler can simply await it.
    await reply.type('application/json; charset=utf-8').send(entry.body);
  }

  private keep(key: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
  }

  /**
   * The kept answer for `url` while it is fresh, for in-process callers that can skip the request
   * lifecycle: the server render asks for the same shell data (settings, menus) on every page.
   */
  peek(url: string): { body: string; total?: number } | undefined {
    const key = this.keyOfUrl.get(url);
    const entry = key === undefined ? undefined : this.entries.get(key);
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  private readonly values = new Map<string, { value: Promise<unknown>; expires: number }>();

  /**
   * The value of `compute` under `key`, computed once per `valuesTtlMs` (and after every clear) and shared
   * by the in-process readers of the server render, which need objects, not JSON. The value is frozen,
   * since every page render gets the same one; a failure is not kept.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.values.get(key);
    if (kept && kept.expires > now) return kept.value as Promise<T>;
    const value = compute().then(deepFreeze);
    if (this.values.size >= this.maxEntries) this.values.clear();
    this.values.set(key, { value, expires: now + this.valuesTtlMs });
    value.catch(() => {
      if (this.values.get(key)?.value === value) this.values.delete(key);
    });
    return value;
  }

  private readonly clearListeners: Array<() => void> = [];

  /** Run `listener` on every clear (the web handler drops its kept pages with the data). */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  private announce: () => void = () => {};

  /**
   * Clears with the other processes (docs/decisions/063): a clear here is announced on `bus`, and
   * a change announced by another process clears here.
   */
  shareWith(bus: ChangeBus): void {
    this.announce = () => bus.announce();
    bus.onRemoteChange(() => this.dropAll());
  }

  /** This process changed shop data: drop everything kept, here and in the other processes. */
  clear(): void {
    this.dropAll();
    this.announce();
  }

  private dropAll(): void {
    this.entries.clear();
    this.keyOfUrl.clear();
    this.values.clear();
    for (const listener of this.clearListeners) listener();
  }
}

/**
 * What the route reads of the request: the route's path, its params and, when it declares a query
 * schema, the query as validated, which holds only the schema's keys (zod drops the others) with
 * its defaults filled in, in the schema's order. A route without a query schema reads no query.
 */
export function answerKey(req: FastifyRequest): string {
  const route = req.routeOptions;
  const query = route.schema?.querystring ? JSON.stringify(req.query) : '';
  return `${route.url ?? req.url}\n${JSON.stringify(req.params)}\n${query}`;
}

/** Freezes `value` and everything in it: a kept value is shared by every reader. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
