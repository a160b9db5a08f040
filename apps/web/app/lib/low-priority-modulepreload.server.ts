import { Transform } from 'node:stream';

// React Router writes a <link rel="modulepreload"> for every module of the page and offers no way to
// set its priority. At the default (high) a phone on a slow connection fetches ~150 KB of scripts
// before or beside the hero image and the first paint; at low the browser fetches the HTML's
// images first and the scripts right after, and the page is readable before it is interactive
// (budget: LCP ≤ 2.0 s on a throttled phone). This stream adds the attribute as the HTML passes.

const TAG = Buffer.from('<link rel="modulepreload"');
const WITH_PRIORITY = Buffer.from('<link rel="modulepreload" fetchPriority="low"');

/** Length of the longest end of `buf` that is a beginning of TAG (a tag cut between two chunks). */
function partialTagAtEnd(buf: Buffer): number {
  const lt = buf.lastIndexOf(0x3c /* < */, -1);
  if (lt === -1 || buf.length - lt >= TAG.length) return 0;
  const tail = buf.subarray(lt);
  return tail.equals(TAG.subarray(0, tail.length)) ? tail.length : 0;
}

export function lowPriorityModulePreloads(): Transform {
  let carry: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (carry) {
        buf = Buffer.concat([carry, buf]);
        carry = null;
      }
      const keep = partialTagAtEnd(buf);
      if (keep > 0) {
        carry = Buffer.from(buf.subarray(buf.length - keep));
        buf = buf.subarray(0, buf.length - keep);
      }
      // Most chunks hold no preload at all: pass them on as they are.
      let at = buf.indexOf(TAG);
      if (at === -1) return callback(null, buf);
      const parts: Buffer[] = [];
      let from = 0;
      for (; at !== -1; at = buf.indexOf(TAG, from)) {
        parts.push(buf.subarray(from, at), WITH_PRIORITY);
        from = at + TAG.length;
      }
      parts.push(buf.subarray(from));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry ?? undefined);
    },
  });
}
