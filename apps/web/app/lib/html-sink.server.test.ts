import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';
import { describe, expect, it, vi } from 'vitest';
import { collectHtml, htmlSink, type HtmlDestination } from './html-sink.server.ts';

describe('htmlSink', () => {
  it('hands on what was written since the last flush as one string, and nothing for an empty flush', () => {
    const text = vi.fn();
    const sink = htmlSink({ text, end: vi.fn(), error: vi.fn() });
    sink.write('<p>');
    sink.write('好日子');
    sink.flush();
    sink.flush();
    sink.write('</p>');
    sink.end();
    expect(text.mock.calls).toEqual([['<p>好日子'], ['</p>']]);
  });

  it('drops what it holds and reports the error when React gives up', () => {
    const events = { text: vi.fn(), end: vi.fn(), error: vi.fn() };
    const sink = htmlSink(events);
    sink.write('<p>');
    sink.destroy(new Error('aborted'));
    sink.flush();
    expect(events.text).not.toHaveBeenCalled();
    expect(events.error).toHaveBeenCalledWith(new Error('aborted'));
  });

  it("passes React's drain, error and close listeners on to the stream it writes into", () => {
    const stream = new PassThrough();
    const onClose = vi.fn();
    htmlSink({ text: vi.fn(), end: vi.fn(), error: vi.fn(), listeners: stream }).on('close', onClose);
    stream.destroy();
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(onClose).toHaveBeenCalledOnce();
        resolve();
      }),
    );
  });
});

// React's string build, as entry.server.tsx uses it: a page with text, attributes and a suspended part.
function render(children: Parameters<typeof renderToPipeableStream>[0]) {
  return new Promise<(destination: HtmlDestination) => unknown>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(children, {
      onAllReady: () => resolve(pipe as unknown as (destination: HtmlDestination) => unknown),
      onShellError: reject,
    });
  });
}

describe("collectHtml with React's string build", () => {
  it('gives the whole page, escaped, once every part has rendered', async () => {
    const later = Promise.resolve('已到貨');
    const Status = () => createElement('span', null, use(later));
    const page = createElement(
      'main',
      { className: 'order', 'data-note': '"5" & <6>' },
      createElement('h1', null, '訂單 <A001>'),
      createElement(Suspense, { fallback: createElement('i', null, '讀取中') }, createElement(Status)),
    );
    const html = await collectHtml(await render(page));
    expect(html).toBe(
      '<main class="order" data-note="&quot;5&quot; &amp; &lt;6&gt;"><h1>訂單 &lt;A001&gt;</h1><!--$--><span>已到貨</span><!--/$--></main>',
    );
  });

  it('writes a streamed page into a Node stream as text', async () => {
    const stream = new PassThrough();
    const pipe = await render(createElement('p', null, '好日子'));
    pipe(htmlSink({ text: (html) => stream.write(html), end: () => stream.end(), error: vi.fn(), listeners: stream }));
    expect(await text(stream)).toBe('<p>好日子</p>');
  });
});
