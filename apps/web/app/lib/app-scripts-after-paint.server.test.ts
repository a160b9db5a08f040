import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { appScriptsAfterPaint, rewriteWholePage } from './app-scripts-after-paint.server.ts';

const through = (chunks: (string | Buffer)[]) =>
  text(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).pipe(appScriptsAfterPaint()));

// As React Router writes them (7.18): preloads hoisted into the head, the module script in the body.
const page =
  '<head><link rel="modulepreload" href="/assets/entry.client.js" nonce="n0=="/><style>p{}</style></head>' +
  '<body><p>好日子，從好物開始</p><script nonce="n0==">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0==" type="module" async="">import * as route0 from "/assets/root.js";</script></body>';
const inert =
  '<head><link rel="modulepreload-after-paint" href="/assets/entry.client.js" nonce="n0=="/><style>p{}</style></head>' +
  '<body><p>好日子，從好物開始</p><script nonce="n0==">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0==" type="text/x-module-after-paint">import * as route0 from "/assets/root.js";</script></body>';

describe('appScriptsAfterPaint', () => {
  it('makes the module preloads and the module script inert and leaves the rest of the page alone', async () => {
    expect(await through([page])).toBe(inert);
  });

  it('finds the tags wherever a chunk boundary cuts the page, even inside a Chinese character', async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(inert);
    }
  });

  it('changes no other script, link or text that merely looks alike', async () => {
    const html =
      '<link rel="stylesheet" href="/a.css"/><script nonce="x" type="module" src="/b.js"></script>' +
      '<p>type=&quot;module&quot; async=&quot;&quot;</p><script>$RC("B:0","S:0")</script>';
    expect(await through([html])).toBe(html);
  });

  it('passes on at once what cannot be the start of a tag', async () => {
    const stream = appScriptsAfterPaint();
    const out: string[] = [];
    stream.on('data', (b: Buffer) => out.push(b.toString()));
    stream.write(Buffer.from('<template id="B:0"></template><script>$RC("B:0")</script>'));
    await new Promise((r) => setImmediate(r));
    expect(out.join('')).toBe('<template id="B:0"></template><script>$RC("B:0")</script>');
  });
});

describe('rewriteWholePage', () => {
  it('makes the same changes on a page rendered in one piece, with its nonce', () => {
    expect(rewriteWholePage(page, 'n0==')).toBe(inert);
  });

  it('finds the module script without a nonce, and leaves a script with another nonce alone', () => {
    const bare = '<script type="module" async="">import "/a.js";</script>';
    expect(rewriteWholePage(bare, undefined)).toBe(
      '<script type="text/x-module-after-paint">import "/a.js";</script>',
    );
    expect(rewriteWholePage(page, 'other==')).toBe(
      inert.replace('type="text/x-module-after-paint"', 'type="module" async=""'),
    );
  });

  it('returns a page without either tag unchanged', () => {
    const html = '<p>好日子</p><script nonce="x" type="module" src="/b.js"></script>';
    expect(rewriteWholePage(html, 'x')).toBe(html);
  });
});
