// Lighthouse 12 with its defaults (mobile form factor, simulated slow-4G / 4x CPU throttling) in the
// system Chromium. Lighthouse scores move from run to run, so a page is audited `runs` times and the
// run with the median performance score is reported (Lighthouse's own advice for CI).
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result as LhResult } from 'lighthouse';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface LighthouseResult {
  url: string;
  /** 0–100 */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Sum of transferSize (compressed bytes on the wire) of the script requests, in KB (1024 bytes). */
  jsKb: number;
  /** Performance scores of every run, in run order. */
  allScores: number[];
  lighthouseVersion: string;
  chromeVersion: string;
}

const launched = new Set<LaunchedChrome>();

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

function scriptBytes(lhr: LhResult): number {
  const network = lhr.audits['network-requests']?.details;
  if (network && network.type === 'table') {
    return (network.items as NetworkItem[])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  }
  const summary = lhr.audits['resource-summary']?.details;
  if (summary && summary.type === 'table') {
    const row = (summary.items as NetworkItem[]).find((item) => item.resourceType === 'script');
    return row?.transferSize ?? 0;
  }
  throw new Error('Lighthouse reported neither network-requests nor resource-summary');
}

function numeric(lhr: LhResult, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse audit ${id} has no value`);
  return value;
}

export async function auditPage(url: string, runs: number): Promise<LighthouseResult> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`refusing to audit ${url}: the bench only targets 127.0.0.1`);
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
    handleSIGINT: false,
  });
  launched.add(chrome);
  try {
    const results: LhResult[] = [];
    for (let i = 0; i < runs; i++) {
      const out = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        maxWaitForLoad: 45_000,
      });
      if (!out) throw new Error('Lighthouse returned no result');
      if (out.lhr.runtimeError) throw new Error(`Lighthouse: ${out.lhr.runtimeError.code} ${out.lhr.runtimeError.message}`);
      results.push(out.lhr);
    }
    const score = (lhr: LhResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const sorted = [...results].sort((a, b) => score(a) - score(b));
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!median) throw new Error('no Lighthouse run');
    return {
      url,
      performance: score(median),
      lcpMs: numeric(median, 'largest-contentful-paint'),
      tbtMs: numeric(median, 'total-blocking-time'),
      cls: numeric(median, 'cumulative-layout-shift'),
      fcpMs: numeric(median, 'first-contentful-paint'),
      jsKb: scriptBytes(median) / 1024,
      allScores: results.map(score),
      lighthouseVersion: median.lighthouseVersion,
      chromeVersion: median.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown',
    };
  } finally {
    launched.delete(chrome);
    chrome.kill();
  }
}

/** Kills every Chromium this module launched that is still running. */
export function killAllChrome(): void {
  for (const chrome of launched) chrome.kill();
  launched.clear();
}
