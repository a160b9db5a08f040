import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './low-priority-modulepreload.server.ts';

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads()));

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low priority and leaves the rest of the page alone', async () => {
    const html = '<p>好物</p><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/>';
    expect(await through([html])).toBe(
      '<p>好物</p><link rel="modulepreload" fetchPriority="low" href="/a.js"/><link rel="modulepreload" fetchPriority="low" href="/b.js"/>',
    );
  });

  it('finds a tag cut between two chunks, wherever the cut falls', async () => {
    const html = '<div>台灣</div><link rel="modulepreload" href="/a.js"/>';
    const expected = '<div>台灣</div><link rel="modulepreload" fetchPriority="low" href="/a.js"/>';
    for (let cut = 1; cut < html.length; cut++) {
      expect(await through([html.slice(0, cut), html.slice(cut)])).toBe(expected);
    }
  });

  it('holds back nothing that cannot be the start of a tag', async () => {
    const stream = lowPriorityModulePreloads();
    const out: string[] = [];
    stream.on('data', (b: Buffer) => out.push(b.toString()));
    stream.write(Buffer.from('<template id="B:0"></template><script>$RC("B:0")</script>'));
    await new Promise((r) => setImmediate(r));
    expect(out.join('')).toBe('<template id="B:0"></template><script>$RC("B:0")</script>');
  });
});
