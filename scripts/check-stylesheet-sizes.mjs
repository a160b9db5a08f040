// Issue 44 item 2 for the stylesheets ESLint does not read: none over 450 lines. A longer sheet
// becomes a list of @imports of its sections in a folder of its own (decision 088).
import fs from 'node:fs';
import path from 'node:path';

const MAX_LINES = 450;
const root = path.join(import.meta.dirname, '..', 'apps/web/app');
const sheets = fs.readdirSync(root, { recursive: true }).filter((f) => f.endsWith('.css'));
const long = sheets
  .map((f) => ({
    file: path.join('apps/web/app', f),
    lines: fs.readFileSync(path.join(root, f), 'utf8').split('\n').length - 1,
  }))
  .filter((s) => s.lines > MAX_LINES);
for (const s of long) console.error(`${s.file}: ${s.lines} lines (at most ${MAX_LINES}); split it into sections`);
process.exit(long.length > 0 ? 1 : 0);
