// The flash sale's budgets, checks and report (bench/flash.ts runs it): the summary printed at the
// end and the Markdown of docs/performance-flash.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NGINX_BINARY } from '../../apps/server/src/deploy/nginx-config.ts';
import type { LoadResult } from './http-load.ts';
import { WINDOW_SECONDS, type KindSummary, type MixedLoadResult } from './mixed-load.ts';
import {
  CONNECTIONS,
  FLASH_PROCESSES,
  FLASH_STOCK,
  INFLUENCER_CODE,
  PAGE_P99_BUDGET_MS,
  RATIO_BUDGET,
  RATIO_CONNECTIONS,
  type DeployRecord,
  type KillRecord,
  type SoldRecord,
  type Timings,
} from './flash-settings.ts';

export interface FlashReport {
  date: Date;
  command: string;
  machine: string;
  node: string;
  driver: string;
  nginx: string;
  timings: Timings;
  item: { products_id: number; spec_id: number; name: string };
  /** The median round of each side, and every round's figures. */
  ratio: { one?: LoadResult; two?: LoadResult; rounds: { one: LoadResult[]; two: LoadResult[] } };
  load?: MixedLoadResult;
  kill?: KillRecord;
  deploy?: DeployRecord;
  sold: SoldRecord;
  /** nginx error log lines by message, e.g. `no live upstreams` → 120. */
  nginxErrors: Map<string, number>;
  failures: Map<string, string>;
}

/** Counts nginx's error log by message (addresses and ids removed) and keeps a copy in bench/out. */
export function summariseNginxErrors(logFile: string, copyTo: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!fs.existsSync(logFile)) return counts;
  fs.mkdirSync(path.dirname(copyTo), { recursive: true });
  fs.copyFileSync(logFile, copyTo);
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    const m = /\[(\w+)\] [\d#]+: (?:\*\d+ )?([^,]*)/.exec(line);
    if (!m) continue;
    const message = `[${m[1]}] ${m[2]!.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, 'ADDR').replace(/\(\d+: /, '(')}`;
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return counts;
}

export interface Outcome {
  kind: 'budget' | 'check';
  label: string;
  measured: string;
  pass: boolean;
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function nginxVersion(): string {
  // nginx prints its version on stderr.
  const out = spawnSync(NGINX_BINARY, ['-v'], { encoding: 'utf8' });
  return (out.stderr || out.stdout || 'nginx').trim().replace(/^nginx version: /, '');
}

export const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;
export const KIND_LABEL: Record<KindSummary['kind'], string> = {
  influencer: `GET /coop/${INFLUENCER_CODE} (influencer page)`,
  'product-page': 'GET /products?t=&sn= (product pages, every product in turn)',
  'add-to-cart': 'POST /api/v1/shopping-carts (flash item, 1 unit)',
  orders: 'POST /api/v1/orders (after a 201 add)',
};

export function evaluate(r: FlashReport): Outcome[] {
  const outcomes: Outcome[] = [];
  const { one, two } = r.ratio;
  const ratio = one && two && one.reqPerSec > 0 ? two.reqPerSec / one.reqPerSec : undefined;
  outcomes.push({
    kind: 'budget',
    label: `2 processes serve ≥ ${RATIO_BUDGET}× the uncached product pages per second of 1`,
    measured: ratio === undefined ? 'not measured' : `${ratio.toFixed(2)}×`,
    pass: ratio !== undefined && ratio >= RATIO_BUDGET,
  });
  for (const kind of ['influencer', 'product-page'] as const) {
    const k = r.load?.kinds.find((x) => x.kind === kind);
    const name = kind === 'influencer' ? 'influencer page' : 'product pages';
    outcomes.push({
      kind: 'budget',
      label: `${name} at 300 connections: p99 ≤ ${seconds(PAGE_P99_BUDGET_MS)}`,
      measured: k ? seconds(k.p99Ms) : 'not measured',
      pass: k !== undefined && k.p99Ms <= PAGE_P99_BUDGET_MS,
    });
    outcomes.push({
      kind: 'budget',
      label: `${name} at 300 connections: no time-outs, no 5xx other than 503 with Retry-After`,
      measured: k
        ? `${k.timeouts} time-outs, ${k.otherServerErrors} other 5xx, ${k.connectionErrors} connection errors (${k.shedWithRetryAfter} × 503 with Retry-After)`
        : 'not measured',
      pass: k !== undefined && k.timeouts === 0 && k.otherServerErrors === 0 && k.connectionErrors === 0,
    });
  }
  if (r.load) {
    outcomes.push({
      kind: 'check',
      label: 'orders acknowledged (201) = orders in the database',
      measured: `${r.load.acknowledgedOrders} acknowledged, ${r.sold.ordersInDatabase} in the database`,
      pass: r.load.acknowledgedOrders === r.sold.ordersInDatabase,
    });
  }
  outcomes.push({
    kind: 'check',
    label: `units sold = ${FLASH_STOCK} (the stock), never more`,
    measured: `${r.sold.unitsSold} sold in the database${r.load ? ` (${r.load.acknowledgedUnits} in acknowledged orders)` : ''}, stock left ${r.sold.stockLeft ?? 'untracked'}`,
    pass: r.sold.unitsSold === FLASH_STOCK && r.sold.stockLeft === 0,
  });
  outcomes.push({
    kind: 'check',
    label: 'the killed worker is replaced',
    measured: r.kill
      ? r.kill.replacementMs !== undefined
        ? `worker ${r.kill.victim} killed at ${r.kill.atSeconds} s, worker ${r.kill.replacement} forked ${Math.round(r.kill.replacementMs)} ms later`
        : `worker ${r.kill.victim} killed at ${r.kill.atSeconds} s, no replacement within 15 s`
      : 'no worker killed',
    pass: r.kill?.replacementMs !== undefined,
  });
  if (r.deploy && r.load) {
    // Every request that started from the deploy's window on, POSTs included: nginx never retries those.
    const from = Math.floor(r.deploy.atSeconds / WINDOW_SECONDS) * WINDOW_SECONDS;
    const during = r.load.windows.filter((w) => w.fromSeconds >= from);
    const lost = during.reduce((n, w) => n + w.otherServerErrors + w.noAnswer, 0);
    outcomes.push({
      kind: 'check',
      label: 'a deploy under load (SIGHUP: every worker replaced in turn) loses no request',
      measured: `${r.deploy.doneMs !== undefined ? `replaced in ${(r.deploy.doneMs / 1000).toFixed(1)} s` : 'not all replaced within 60 s'}; from ${from} s to the end: ${lost} answered 5xx other than 503 with Retry-After or not at all`,
      pass: r.deploy.doneMs !== undefined && lost === 0,
    });
  }
  return outcomes;
}

export function codes(statusCodes: Record<string, number>): string {
  return (
    Object.entries(statusCodes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, n]) => `${code}: ${n.toLocaleString('en-US')}`)
      .join(', ') || '—'
  );
}

export function kindRows(r: FlashReport): string[][] {
  return (r.load?.kinds ?? []).map((k) => [
    KIND_LABEL[k.kind],
    String(k.connections),
    k.requests.toLocaleString('en-US'),
    k.reqPerSec.toFixed(1),
    `${k.p50Ms} ms`,
    `${k.p99Ms} ms`,
    codes(k.statusCodes),
    String(k.clientErrors),
    String(k.shedWithRetryAfter),
    String(k.otherServerErrors),
    String(k.timeouts),
    String(k.connectionErrors),
  ]);
}

export const KIND_HEADER = [
  'kind',
  'connections',
  'requests',
  'req/s',
  'p50',
  'p99',
  'status codes',
  '4xx',
  '503 + Retry-After',
  'other 5xx',
  'time-outs',
  'connection errors',
];

export function totalReqPerSec(r: FlashReport): number {
  return (r.load?.kinds ?? []).reduce((n, k) => n + k.reqPerSec, 0);
}

export function ratioRows(r: FlashReport): string[][] {
  const rows: string[][] = [];
  for (const [processes, res] of [
    [1, r.ratio.one],
    [2, r.ratio.two],
  ] as const) {
    if (!res) continue;
    rows.push([
      String(processes),
      res.reqPerSec.toFixed(1),
      `${res.p50Ms} ms`,
      `${res.p99Ms} ms`,
      codes(res.statusCodes),
      String(res.errors),
    ]);
  }
  return rows;
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function renderSummary(r: FlashReport, outcomes: Outcome[]): string {
  const lines = [
    `flash sale, ${r.timings.flashSeconds} s, ${CONNECTIONS.influencer + CONNECTIONS.productPages + CONNECTIONS.buyers} connections through nginx, ${FLASH_PROCESSES} processes: ${totalReqPerSec(r).toFixed(1)} req/s in all`,
  ];
  for (const k of r.load?.kinds ?? []) {
    lines.push(
      `  ${k.kind.padEnd(13)} ${k.reqPerSec.toFixed(1).padStart(7)} req/s  p50 ${String(k.p50Ms).padStart(5)} ms  p99 ${String(k.p99Ms).padStart(5)} ms  ${codes(k.statusCodes)}; time-outs ${k.timeouts}, connection errors ${k.connectionErrors}`,
    );
  }
  lines.push(
    `product pages without page cache (autocannon -c ${RATIO_CONNECTIONS} at the app's port): 1 process ${r.ratio.one?.reqPerSec.toFixed(1) ?? '—'} req/s, 2 processes ${r.ratio.two?.reqPerSec.toFixed(1) ?? '—'} req/s`,
  );
  for (const o of outcomes) lines.push(`  ${o.pass ? 'PASS' : 'FAIL'}  ${o.label}: ${o.measured}`);
  for (const [name, message] of r.failures) lines.push(`  NOT MEASURED  ${name}: ${message}`);
  for (const [message, n] of r.nginxErrors) lines.push(`  nginx error log: ${n} × ${message}`);
  for (const w of r.load?.windows ?? []) {
    lines.push(
      `  ${String(w.fromSeconds).padStart(3)} s: ok ${w.ok}, 4xx ${w.clientErrors}, 503+RA ${w.shed}, other 5xx ${w.otherServerErrors}, no answer ${w.noAnswer}, slowest page ${w.slowestPageMs.toFixed(0)} ms`,
    );
  }
  return lines.join('\n');
}

export function renderMarkdown(r: FlashReport, outcomes: Outcome[]): string {
  const t = r.timings;
  return `# Flash sale: several processes behind nginx (issue 18)

Written by \`${r.command}\` (bench/flash.ts) on ${r.date.toISOString().slice(0, 16).replace('T', ' ')} UTC.
Machine: ${r.machine}. Node ${r.node}, ${r.driver}, ${r.nginx}, Redis for shared limits and cache
notices. Everything — load generator, nginx, the shop's processes, PostgreSQL, Redis — ran on this one
machine, so each takes CPU from the others.

## What was run

1. **One process, then two**, ${t.ratioRounds} alternating round(s), the median of each side compared
   (\`WEB_CONCURRENCY=1\`, then \`2\`, \`PAGE_CACHE_SECONDS=0\`): autocannon
   -c ${RATIO_CONNECTIONS} straight at the app's port (not through nginx), every product page in turn
   (\`GET /products?t=&sn=\`, server render), ${t.warmupSeconds} s warm-up, ${t.ratioSeconds} s measured;
   overload answers off (\`SHED_IN_FLIGHT=0\`, \`SHED_EVENT_LOOP_DELAY_MS=0\`, \`SHED_POOL_WAITING=0\`), pages answered 200 counted.
2. **The flash sale**: ${FLASH_PROCESSES} processes (\`npm start\` with \`WEB_CONCURRENCY=${FLASH_PROCESSES}\`,
   \`NODE_ENV=production\`, \`REDIS_URL\`, \`TRUST_PROXY=127.0.0.1\`, page cache on, overload answers on)
   behind \`deploy/nginx/shop.conf\` as shipped (every upstream line on the one port, TLS with a
   self-signed certificate). One spec — ${r.item.name} (spec ${r.item.spec_id}) — got a stock of
   ${FLASH_STOCK}. For ${t.flashSeconds} s, over HTTPS through nginx, ${CONNECTIONS.influencer} connections
   read \`/coop/${INFLUENCER_CODE}\`, ${CONNECTIONS.productPages} read every product page in turn, and
   ${CONNECTIONS.buyers} logged-in members each loop: add 1 unit of the flash spec to the cart, and when
   that answers 201, order it (bank transfer, home delivery). No think time; a 503 with Retry-After
   makes that connection wait as told (at most 2 s). Requests time out after 10 s. At ${t.killAtSeconds} s
   one worker got SIGKILL; the primary starts another. At ${t.deployAtSeconds} s the primary got SIGHUP, as in a
   deploy: it starts a new worker, and once that one listens, stops an old one (which answers on for
   \`SHUTDOWN_DRAIN_MS\`, each answer closing its connection), one by one.
3. Then the database is asked for the bench members' orders holding the flash spec.

## Figures

${r.load ? `${totalReqPerSec(r).toFixed(1)} requests per second in all over ${r.load.durationSeconds.toFixed(1)} s.` : 'The flash load did not run.'}

${table(KIND_HEADER, kindRows(r))}

4xx are the expected answers of a sale that sold out (409: not enough stock). "time-outs" and
"connection errors" are requests that got no answer.

Every kind together, by ${WINDOW_SECONDS} s window of the sale (the SIGKILL was at ${t.killAtSeconds} s, the SIGHUP at ${t.deployAtSeconds} s):

${table(
  ['from', '2xx/3xx', '4xx', '503 + Retry-After', 'other 5xx', 'no answer', 'slowest page'],
  (r.load?.windows ?? []).map((w) => [
    `${w.fromSeconds} s`,
    String(w.ok),
    String(w.clientErrors),
    String(w.shed),
    String(w.otherServerErrors),
    String(w.noAnswer),
    `${Math.round(w.slowestPageMs)} ms`,
  ]),
)}

nginx's error log (a copy is left in bench/out/flash-nginx-error.log):

${r.nginxErrors.size ? [...r.nginxErrors].map(([m, n]) => `- ${n} × \`${m}\``).join('\n') : '- empty'}

Uncached product pages, one process against two (the median round of each; every round's pages/s:
one process ${r.ratio.rounds.one.map((x) => x.reqPerSec.toFixed(1)).join(', ') || '—'}; two ${r.ratio.rounds.two.map((x) => x.reqPerSec.toFixed(1)).join(', ') || '—'}):

${table(['processes', 'pages/s (200s)', 'p50', 'p99', 'status codes', 'errors'], ratioRows(r))}

${r.ratio.one && r.ratio.two ? `Ratio 2 : 1 = **${(r.ratio.two.reqPerSec / r.ratio.one.reqPerSec).toFixed(2)}×**.` : ''}

## Budgets and checks

${table(
  ['', 'what', 'measured', 'result'],
  outcomes.map((o) => [o.kind, o.label, o.measured, o.pass ? 'PASS' : 'FAIL']),
)}
${r.failures.size ? `\nNot measured:\n\n${[...r.failures].map(([n, m]) => `- ${n}: ${m.split('\n')[0]}`).join('\n')}\n` : ''}
Budgets are reported, not asserted: \`--strict\` makes the run exit 1 when one fails.
`;
}
