// Where React's server renderer writes a page (docs/decisions/072). React's string build writes a
// page as a few thousand short strings; a Node Writable costs a call chain and a Buffer for each of
// them. This sink appends them to one string and hands it on whenever React flushes (once per pass
// over the finished parts of the page), so a page rendered whole is copied and encoded once, and a
// streamed one once per flush. V8 appends a string as a rope node, without copying it; the rope is
// copied once, when the page is encoded. On a product page's few thousand pieces that took three
// quarters of the time of pushing them into an array and joining it.

/** What `pipe()` of React's renderToPipeableStream calls on its destination. */
export interface HtmlDestination {
  write(chunk: string): boolean;
  flush(): void;
  end(): void;
  destroy(error: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): HtmlDestination;
}

export interface HtmlSinkEvents {
  /** The text React wrote since the last flush (never empty). */
  text(html: string): void;
  /** React finished the page; `text` has had all of it. */
  end(): void;
  /** React gave up on the page (the shell failed, or the render was aborted). */
  error(error: unknown): void;
  /** Where React's `drain`, `error` and `close` listeners go: a stream the page is written into, if any. */
  listeners?: { on(event: string, listener: (...args: unknown[]) => void): unknown };
  /** Changes React's pieces on their way into the text (app-scripts-after-paint.server.ts). */
  pieces?: (write: (piece: string) => void) => PieceWriter;
}

/** Takes React's pieces on their way into the text, and may hold some back until `release`. */
export interface PieceWriter {
  write(piece: string): void;
  /** Writes what is held back; called before the text written so far is handed on. */
  release(): void;
}

const append = (write: (piece: string) => void): PieceWriter => ({ write, release() {} });

export function htmlSink(events: HtmlSinkEvents): HtmlDestination {
  let text = '';
  const pieces = (events.pieces ?? append)((piece) => {
    text += piece;
  });
  const sink: HtmlDestination = {
    write(chunk) {
      pieces.write(chunk);
      // Always room: the text waits here for the next flush.
      return true;
    },
    flush() {
      pieces.release();
      if (text === '') return;
      const html = text;
      text = '';
      events.text(html);
    },
    end() {
      sink.flush();
      events.end();
    },
    destroy(error) {
      text = '';
      events.error(error);
    },
    on(event, listener) {
      events.listeners?.on(event, listener);
      return sink;
    },
  };
  return sink;
}

/** All of a page React renders, as one string, once React has finished it. */
export function collectHtml(
  pipe: (destination: HtmlDestination) => unknown,
  pieces?: HtmlSinkEvents['pieces'],
): Promise<string> {
  return new Promise((resolve, reject) => {
    let page = '';
    pipe(
      htmlSink({
        text: (html) => (page += html),
        end: () => resolve(page),
        error: reject,
        ...(pieces ? { pieces } : {}),
      }),
    );
  });
}
