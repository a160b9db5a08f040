// Turns one run's results into a console table and the Markdown report (docs/performance.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BudgetOutcome } from './budgets.ts';
import { formatMetric } from './budgets.ts';
import { existingStartupMs, ratioToBare, startsText, type RunResults } from './results.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

export interface RunInfo {
  date: Date;
  command: string;
  machine: string;
  node: string;
  driver: string;
  nodeEnv: string;
  warmupSeconds: number;
  durationSeconds: number;
  lighthouseRuns: number;
  connections: readonly number[];
  /** name → label, in measuring order */
  httpTargets: { name: string; label: string; note?: string }[];
  lighthousePages: { name: string; label: string }[];
  bareBytes?: number;
}

type Row = string[];

const ms = (v: number | undefined) => (v === undefined ? '—' : `${(v / 1000).toFixed(2)} s`);

function existingStartup(results: RunResults): string {
  const runs = results.startup.existingRuns ?? [];
  return runs.length > 1
    ? `${ms(existingStartupMs(results))} (median of ${runs.length} starts: ${startsText(runs)})`
    : ms(existingStartupMs(results));
}

const num = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));

function httpRows(results: RunResults, info: RunInfo): Row[] {
  const rows: Row[] = [];
  for (const target of info.httpTargets) {
    const runs = results.http.get(target.name);
    for (const c of info.connections) {
      const r = runs?.get(c);
      if (!r) continue;
      const ratio = target.name === 'bare' ? undefined : ratioToBare(results, target.name, c);
      rows.push([
        target.label,
        String(c),
        num(r.reqPerSec),
        String(r.p50Ms),
        String(r.p99Ms),
        String(r.errors),
        String(r.non2xx),
        r.cpuMsPerRequest === undefined ? '—' : r.cpuMsPerRequest.toFixed(2),
        target.name === 'bare' ? '1.00× (yardstick)' : ratio === undefined ? '—' : `${ratio.toFixed(2)}×`,
      ]);
    }
  }
  return rows;
}

const HTTP_HEAD = [
  'endpoint',
  '-c',
  'req/s (mean)',
  'p50 ms',
  'p99 ms',
  'errors',
  'non-2xx',
  'server CPU ms/req',
  'ratio to bare',
];
const LH_HEAD = ['page', 'performance', 'runs', 'LCP', 'TBT', 'CLS', 'FCP', 'JS (compressed)'];
const BUDGET_HEAD = ['budget', 'limit', 'measured', 'verdict', 'note'];

function lighthouseRows(results: RunResults, info: RunInfo): Row[] {
  const rows: Row[] = [];
  for (const page of info.lighthousePages) {
    const r = results.lighthouse.get(page.name);
    if (!r) continue;
    rows.push([
      `${page.label} (${page.name})`,
      formatMetric('performance', r.performance),
      r.allScores.join(', '),
      formatMetric('lcpMs', r.lcpMs),
      formatMetric('tbtMs', r.tbtMs),
      formatMetric('cls', r.cls),
      `${(r.fcpMs / 1000).toFixed(2)} s`,
      formatMetric('jsKb', r.jsKb),
    ]);
  }
  return rows;
}

const budgetRows = (outcomes: BudgetOutcome[]): Row[] =>
  outcomes.map((o) => [o.budget, o.limit, o.value, o.verdict, o.note ?? '']);

function textTable(head: Row, rows: Row[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: Row) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(head: Row, rows: Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

export function printSummary(results: RunResults, info: RunInfo, outcomes: BudgetOutcome[]): void {
  const parts = [
    `Start-up: fresh database ${ms(results.startup.freshMs)}, existing database ${existingStartup(results)}`,
    '',
    textTable(HTTP_HEAD, httpRows(results, info)),
  ];
  const lh = lighthouseRows(results, info);
  if (lh.length) parts.push('', textTable(LH_HEAD, lh));
  parts.push('', textTable(BUDGET_HEAD, budgetRows(outcomes)));
  if (results.failures.size) {
    parts.push('', 'Not measured:', ...[...results.failures].map(([name, why]) => `  ${name}: ${why}`));
  }
  console.log(`\n${parts.join('\n')}\n`);
}

export function renderMarkdown(results: RunResults, info: RunInfo, outcomes: BudgetOutcome[]): string {
  const passed = outcomes.filter((o) => o.verdict === 'PASS').length;
  const failed = outcomes.filter((o) => o.verdict === 'FAIL').length;
  const lh = lighthouseRows(results, info);
  const lhInfo = [...results.lighthouse.values()][0];
  const lines = [
    '# Performance',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts). Do not edit by hand: run the bench again. -->',
    '',
    `- **Date:** ${info.date
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC')}`,
    `- **Command:** \`${info.command}\``,
    `- **Machine:** ${info.machine}`,
    `- **Node:** ${info.node}`,
    `- **Database:** ${info.driver}, fresh demo data (SEED_DEMO=true)`,
    `- **Server:** \`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js\` (the flags of \`npm start\`, scripts/server-node-flags.mjs; an earlier build measured beside it starts as its own did) as a child process, NODE_ENV=${info.nodeEnv}, LOG_LEVEL=warn, on 127.0.0.1`,
    `- **Load:** autocannon 8 in a worker thread, ${info.warmupSeconds} s warm-up (not recorded) then ${info.durationSeconds} s measured per endpoint and concurrency; no Accept-Encoding (uncompressed responses)`,
    ...(lhInfo
      ? [
          `- **Lighthouse:** ${lhInfo.lighthouseVersion}, Chromium ${lhInfo.chromeVersion}, mobile defaults (simulated slow 4G, 4× CPU slowdown), median of ${info.lighthouseRuns} run(s) by performance score; CPU benchmark index ${lhInfo.benchmarkIndex} (Lighthouse's measure of this machine, higher is faster: TBT and the scores move with it)`,
        ]
      : []),
    '',
    `## Budgets: ${passed} pass, ${failed} fail${outcomes.length - passed - failed ? `, ${outcomes.length - passed - failed} not measured` : ''}`,
    '',
    markdownTable(BUDGET_HEAD, budgetRows(outcomes)),
    '',
    '## Start-up',
    '',
    markdownTable(
      ['database', 'spawn → first 200 from GET /healthz'],
      [
        ['fresh (migrations + demo seed)', ms(results.startup.freshMs)],
        ['existing (the next starts on the same database)', existingStartup(results)],
      ],
    ),
    '',
    '## HTTP throughput and latency',
    '',
    `The bare route is a Fastify server in the bench process with one route answering the same bytes and content-type as \`GET /api/v1/guest/products\`${info.bareBytes !== undefined ? ` (${info.bareBytes.toLocaleString('en-US')} bytes)` : ''}; the ratio is an endpoint's req/s divided by the bare route's req/s at the same concurrency in this run, so it shows the cost of the shop's own work independent of the machine.`,
    '',
    markdownTable(HTTP_HEAD, httpRows(results, info)),
  ];
  const notes = info.httpTargets.filter((t) => t.note);
  if (notes.length) lines.push('', ...notes.map((t) => `- **${t.label}:** ${t.note}`));
  if (lh.length) {
    lines.push('', '## Lighthouse (mobile)', '', markdownTable(LH_HEAD, lh));
    lines.push(
      '',
      'JS = sum of `transferSize` of the Script requests in the `network-requests` audit (KB = 1024 bytes).',
    );
  }
  if (results.failures.size) {
    lines.push(
      '',
      '## Not measured',
      '',
      ...[...results.failures].map(([name, why]) => `- **${name}:** ${why.split('\n')[0]}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function writeReport(file: string, markdown: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, markdown);
}
