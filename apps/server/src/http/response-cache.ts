import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeBus } from '../shared-state/index.ts';

export interface Answer {
  data: unknown;
  /** For a paged list: how many records match in all. */
  total?: number;
}

/**
 * Serialised answers of public catalogue GETs, keyed by URL. The catalogue changes rarely and is
 * read on every page, so most requests are served from memory. Entries live `ttlMs` at most —
 * short enough that a product entering or leaving its activity window shows up within a minute —
 * and `clear()` drops everything when the back office changes data.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; total?: number; expires: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2_000,
  ) {}

  async reply(req: FastifyRequest, reply: FastifyReply, compute: () => Promise<Answer>): Promise<void> {
    const key = req.url;
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= now) {
      const { data, total } = await compute();
      // The route's response schema serialises the answer, once, as it does for any other reply.
      entry = { body: String(reply.serialize({ code: 200, data })), total, expires: now + this.ttlMs };
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, entry);
    }
    // spec §7: lists answer their records in `data`; a paged list adds the full count in a header.
    if (entry.total !== undefined) reply.header('X-Total-Count', String(entry.total));
    // Settles once the answer is written (Fastify's `await reply`), so a handler can simply await it.
    await reply.type('application/json; charset=utf-8').send(entry.body);
  }

  /**
   * The kept answer for `url` while it is fresh, for in-process callers that can skip the request
   * lifecycle: the server render asks for the same shell data (settings, menus) on every page.
   */
  peek(url: string): { body: string; total?: number } | undefined {
    const entry = this.entries.get(url);
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  private readonly values = new Map<string, { value: Promise<unknown>; expires: number }>();

  /**
   * The value of `compute` under `key`, computed once per `ttlMs` (and after every clear) and shared
   * by the in-process readers of the server render, which need objects, not JSON. The value is frozen,
   * since every page render gets the same one; a failure is not kept.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.values.get(key);
    if (kept && kept.expires > now) return kept.value as Promise<T>;
    const value = compute().then(deepFreeze);
    if (this.values.size >= this.maxEntries) this.values.clear();
    this.values.set(key, { value, expires: now + this.ttlMs });
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
    this.values.clear();
    for (const listener of this.clearListeners) listener();
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
