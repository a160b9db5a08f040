import { MODULE_LATER_TYPE, PRELOAD_LATER_REL } from './app-scripts-after-paint.ts';
import type { PieceWriter } from './html-sink.server.ts';

// The server half of app-scripts-after-paint.ts: React Router offers no way to delay its scripts, so
// two of the attributes React writes are changed as React writes them (decision 097). React's string
// build writes an attribute as the pieces ` `, its name, `="`, its escaped value and `"`, and a true
// boolean one as ` `, its name and `=""`, each in a write of its own. An attribute's value is known by
// the two pieces before it, so text that merely looks alike is never touched, and the page is never
// searched or copied again. If React or React Router ever write them differently, nothing is changed
// and the scripts load at once, as before (the unit test renders the tags with React).

/** What follows `module` in React Router's module script, `type="module" async=""`; the async goes. */
const MODULE_SCRIPT_REST = ['"', ' ', 'async', '=""'];

/**
 * Writes React's pieces on to `write` with React Router's module preloads and module script made
 * inert: `rel="modulepreload"` becomes PRELOAD_LATER_REL, `type="module" async=""` MODULE_LATER_TYPE.
 */
export function scriptsAfterPaint(write: (piece: string) => void): PieceWriter {
  let beforeLast = '';
  let last = '';
  // `module` and what followed it, until the pieces show whether this is the module script.
  let held: string[] = [];
  const pass = (piece: string) => {
    beforeLast = last;
    last = piece;
    write(piece);
  };
  const release = () => {
    const pieces = held;
    held = [];
    for (const piece of pieces) pass(piece);
  };
  return {
    write(piece) {
      if (held.length > 0) {
        if (piece === MODULE_SCRIPT_REST[held.length - 1]) {
          held.push(piece);
          if (held.length > MODULE_SCRIPT_REST.length) {
            held = [];
            pass(MODULE_LATER_TYPE);
            pass('"');
          }
          return;
        }
        release();
      }
      if (last === '="') {
        if (piece === 'modulepreload' && beforeLast === 'rel') piece = PRELOAD_LATER_REL;
        else if (piece === 'module' && beforeLast === 'type') {
          held.push(piece);
          return;
        }
      }
      pass(piece);
    },
    release,
  };
}
