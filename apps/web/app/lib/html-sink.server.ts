// Where React's server renderer writes a page (docs/decisions/072). React's string build writes a
// page as a few thousand short strings; a Node Writable costs a call chain and a Buffer for each of
// them. This sink keeps them in an array and hands them on as one string whenever React flushes
// (once per pass over the finished parts of the page), so a page rendered whole is joined and
// encoded once, and a streamed one once per flush.

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
}

export function htmlSink(events: HtmlSinkEvents): HtmlDestination {
  let parts: string[] = [];
  const sink: HtmlDestination = {
    write(chunk) {
      parts.push(chunk);
      // Always room: the parts wait here for the next flush.
      return true;
    },
    flush() {
      if (parts.length === 0) return;
      const html = parts.join('');
      parts = [];
      if (html) events.text(html);
    },
    end() {
      sink.flush();
      events.end();
    },
    destroy(error) {
      parts = [];
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
export function collectHtml(pipe: (destination: HtmlDestination) => unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: string[] = [];
    pipe(
      htmlSink({
        text: (html) => parts.push(html),
        end: () => resolve(parts.join('')),
        error: reject,
      }),
    );
  });
}
