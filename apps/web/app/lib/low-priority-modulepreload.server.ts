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
  for (let n = Math.min(TAG.length - 1, buf.length); n > 0; n--) {
    if (buf.subarray(buf.length - n).equals(TAG.subarray(0, n))) return n;
  }
  return 0;
}

export function lowPriorityModulePreloads(): Transform {
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const buf = Buffer.concat([carry, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = buf.indexOf(TAG); at !== -1; at = buf.indexOf(TAG, from)) {
        parts.push(buf.subarray(from, at), WITH_PRIORITY);
        from = at + TAG.length;
      }
      const rest = buf.subarray(from);
      const keep = partialTagAtEnd(rest);
      parts.push(rest.subarray(0, rest.length - keep));
      carry = Buffer.from(rest.subarray(rest.length - keep));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry);
    },
  });
}
