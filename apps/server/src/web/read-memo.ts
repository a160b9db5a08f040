// The public reads a render thread keeps (docs/decisions/096), at most `most` of them: reads take
// shoppers' queries, so an unbounded memo grew with every distinct search. An answer is used for a
// moment, then asked for again; the main thread says "unchanged" when its read gives the very object
// it last sent, so the thread keeps its copy (and the page models kept by answer object, in
// catalogue-detail-pages, stay valid) instead of receiving a new one each second.

/** What the main thread answers a read with: the value with its version, or that the held version is current. */
export type ReadReply = { version: number; value: unknown } | { version: number; unchanged: true };

/** Asks the main thread for a read; `holding` is the version of the answer the thread holds, if any. */
export type AskRead = (holding: number | undefined) => Promise<ReadReply>;

export interface ReadMemoOptions {
  /** How long an answer is used without asking. */
  freshMs: number;
  /** How many answers are kept; past it the one asked for longest ago goes (reads take shoppers' queries). */
  most: number;
  now?: () => number;
}

interface Kept {
  answer: Promise<unknown>;
  until: number;
  /** The answer once it arrived, with its version. */
  held?: { version: number; value: unknown };
}

export interface ReadMemo {
  read(key: string, ask: AskRead): Promise<unknown>;
  /** Drops every answer: shop data changed. */
  forget(): void;
  readonly size: number;
}

export function readMemo({ freshMs, most, now = Date.now }: ReadMemoOptions): ReadMemo {
  const kept = new Map<string, Kept>();
  return {
    read(key, ask) {
      const at = now();
      const last = kept.get(key);
      if (last && last.until > at) return last.answer;
      const held = last?.held;
      const entry: Kept = {
        answer: ask(held?.version).then((reply) => {
          const value = 'unchanged' in reply ? held!.value : reply.value;
          if (kept.get(key) === entry) entry.held = { version: reply.version, value };
          return value;
        }),
        until: at + freshMs,
      };
      // A failed read is asked again next time, with nothing held.
      entry.answer.catch(() => kept.get(key) === entry && kept.delete(key));
      // Re-inserted, so the Map's order is the order of asking and its first key the one to drop.
      kept.delete(key);
      kept.set(key, entry);
      if (kept.size > most) kept.delete(kept.keys().next().value!);
      return entry.answer;
    },
    forget: () => kept.clear(),
    get size() {
      return kept.size;
    },
  };
}

/**
 * The main thread's side: which answer each thread holds, by key. Answers `unchanged` only when the
 * thread holds exactly the version last sent for the key and the read gave that same object again.
 */
export class SentReads {
  private readonly sent = new Map<string, { version: number; value: unknown }>();
  private lastVersion = 0;

  constructor(private readonly most: number) {}

  reply(key: string, holding: number | undefined, value: unknown): ReadReply {
    const last = this.sent.get(key);
    if (last && holding === last.version && last.value === value) return { version: last.version, unchanged: true };
    const version = ++this.lastVersion;
    this.sent.delete(key);
    this.sent.set(key, { version, value });
    if (this.sent.size > this.most) this.sent.delete(this.sent.keys().next().value!);
    return { version, value };
  }

  forget() {
    this.sent.clear();
  }

  get size() {
    return this.sent.size;
  }
}
