import { createElement, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from './app-scripts-after-paint.server.ts';
import { collectHtml, type HtmlDestination } from './html-sink.server.ts';

/** The page as React's string build writes it, through scriptsAfterPaint as entry.server.tsx does. */
function rendered(children: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(children, {
      onAllReady: () =>
        resolve(collectHtml(pipe as unknown as (destination: HtmlDestination) => unknown, scriptsAfterPaint)),
      onShellError: reject,
    });
  });
}

/** The pieces written through scriptsAfterPaint, read at the end as a flush would. */
function through(pieces: string[]): string {
  let text = '';
  const writer = scriptsAfterPaint((piece) => (text += piece));
  for (const piece of pieces) writer.write(piece);
  writer.release();
  return text;
}

// As React Router renders them (7.18): module preloads, which React hoists, and the module script.
const routerTags = (nonce: string) => [
  createElement('link', { key: 'p', rel: 'modulepreload', href: '/assets/entry.client.js', nonce }),
  createElement('script', {
    key: 's',
    nonce,
    dangerouslySetInnerHTML: { __html: 'import * as route0 from "/assets/root.js";' },
    type: 'module',
    async: true,
  }),
];

describe('scriptsAfterPaint', () => {
  it("makes React Router's module preloads and module script inert as React writes them", async () => {
    const html = await rendered(createElement('main', null, createElement('p', null, '好日子'), ...routerTags('n0==')));
    expect(html).toBe(
      '<link rel="modulepreload-after-paint" href="/assets/entry.client.js" nonce="n0=="/>' +
        '<main><p>好日子</p><script nonce="n0==" type="text/x-module-after-paint">' +
        'import * as route0 from "/assets/root.js";</script></main>',
    );
  });

  it('leaves alone other scripts and links, and text or attributes that merely look alike', async () => {
    const html = await rendered(
      createElement(
        'main',
        { 'data-rel': 'modulepreload' },
        createElement('link', { rel: 'stylesheet', href: '/a.css', precedence: 'default' }),
        createElement('script', { type: 'module', src: '/b.js' }),
        createElement('script', { type: 'module', dangerouslySetInnerHTML: { __html: 'import "/c.js";' } }),
        createElement('p', { title: 'type="module" async=""' }, 'rel="modulepreload"', ' module async'),
      ),
    );
    expect(html).not.toContain('after-paint');
    expect(html).toContain('<script type="module" src="/b.js"></script>');
    expect(html).toContain('<script type="module">import "/c.js";</script>');
    expect(html).toContain('data-rel="modulepreload"');
  });

  it.each([
    [
      'the whole module script',
      ['<script', ' ', 'type', '="', 'module', '"', ' ', 'async', '=""', '>'],
      '<script type="text/x-module-after-paint">',
    ],
    ['a module script without async', ['<script', ' ', 'type', '="', 'module', '"', '>'], '<script type="module">'],
    [
      'a module script with another attribute after its type',
      ['<script', ' ', 'type', '="', 'module', '"', ' ', 'id', '="', 'x', '"', '>'],
      '<script type="module" id="x">',
    ],
    [
      'a value held when the text is read',
      ['<script', ' ', 'type', '="', 'module', '"', ' '],
      '<script type="module" ',
    ],
    ['a preload', ['<link', ' ', 'rel', '="', 'modulepreload', '"', '/>'], '<link rel="modulepreload-after-paint"/>'],
    [
      'a preload after a script that was not the module script',
      ['<script', ' ', 'type', '="', 'module', '"', '>', '<link', ' ', 'rel', '="', 'modulepreload', '"', '/>'],
      '<script type="module"><link rel="modulepreload-after-paint"/>',
    ],
  ])('%s', (_name, pieces, expected) => {
    expect(through(pieces)).toBe(expected);
  });
});
