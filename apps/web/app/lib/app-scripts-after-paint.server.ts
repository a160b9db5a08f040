import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { MODULE_LATER_TYPE, PRELOAD_LATER_REL } from './app-scripts-after-paint.ts';

// The server half of app-scripts-after-paint.ts: React Router offers no way to delay its scripts, so
// the HTML is rewritten as it streams. Two exact tags are changed; anything else passes untouched.
// If React Router ever writes them differently, nothing is changed and the scripts load at once, as
// before (the unit test pins the text, the browser tests see the order of requests).

const PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;

/** The longest tag start held back when a chunk ends inside it. */
const LONGEST_TAG_START = 256;

/** Where the unfinished tag at the end of `text` starts (a tag cut between two chunks), or -1. */
function unfinishedTagAt(text: string): number {
  const lt = text.lastIndexOf('<');
  if (lt === -1 || text.length - lt > LONGEST_TAG_START) return -1;
  return text.indexOf('>', lt) === -1 ? lt : -1;
}

function rewrite(html: string): string {
  return html
    .replace(PRELOAD, `<link rel="${PRELOAD_LATER_REL}"`)
    .replace(MODULE_SCRIPT, (_tag, nonce: string | undefined) => `<script${nonce ?? ''} type="${MODULE_LATER_TYPE}">`);
}

/**
 * The same changes on a page rendered in one piece, which knows its nonce: both tags are exact
 * strings, and a script with any other nonce is left alone.
 */
export function rewriteWholePage(html: string, nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  return html
    .replaceAll('<link rel="modulepreload"', `<link rel="${PRELOAD_LATER_REL}"`)
    .replaceAll(
      `<script${nonceAttribute} type="module" async="">`,
      `<script${nonceAttribute} type="${MODULE_LATER_TYPE}">`,
    );
}

export function appScriptsAfterPaint(): Transform {
  // The decoder keeps a multi-byte character cut between two chunks for the next one.
  const decoder = new StringDecoder('utf8');
  let carry = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      let text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      carry = '';
      const cut = unfinishedTagAt(text);
      if (cut !== -1) {
        carry = text.slice(cut);
        text = text.slice(0, cut);
      }
      callback(null, text ? rewrite(text) : undefined);
    },
    flush(callback) {
      const rest = carry + decoder.end();
      callback(null, rest ? rewrite(rest) : undefined);
    },
  });
}
