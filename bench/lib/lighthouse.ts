// Lighthouse 12 with its defaults (mobile form factor, simulated slow-4G / 4x CPU throttling) in the
// system Chromium. Lighthouse scores move from run to run, so a page is audited `runs` times and the
// run with the median performance score is reported (Lighthouse's own advice for CI).
import fs from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result as LhResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS } from '../../apps/web/chromium-flags.ts';

export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

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
  /** Lighthouse's own measure of the machine's CPU (`environment.benchmarkIndex`, higher is faster). */
  benchmarkIndex: number;
}

const launched = new Set<LaunchedChrome>();

/** What the browser holds before the audited page loads: a guest's local cart, a member's session cookies. */
export interface BrowserState {
  cookies?: Array<{ name: string; value: string }>;
  localStorage?: Record<string, string>;
}

/**
 * Puts `state` into the browser for the page's origin and empties the HTTP cache, so the audit still
 * loads every byte as a first visit does (Lighthouse's own storage reset would clear the state too).
 */
async function applyState(port: number, url: string, state: BrowserState): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.clearBrowserCookies');
    const origin = new URL(url).origin;
    for (const cookie of state.cookies ?? []) {
      await cdp.send('Network.setCookie', { name: cookie.name, value: cookie.value, url: origin, path: '/' });
    }
    // A small page of the same origin, to reach its local storage.
    await page.goto(`${origin}/robots.txt`);
    // Runs in the page (the bench's TypeScript has no DOM types: the page's storage is reached by name).
    await page.evaluate((items: Record<string, string>) => {
      const storage = (
        globalThis as unknown as { localStorage: { clear(): void; setItem(key: string, value: string): void } }
      ).localStorage;
      storage.clear();
      for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
    }, state.localStorage ?? {});
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

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

/** One page to audit: its address and, optionally, the browser state each run starts from. */
export interface AuditSite {
  url: string;
  prepare?: () => Promise<BrowserState>;
  /** Where to keep the median run's full JSON report, to see why a figure is what it is. */
  reportFile?: string;
}

/**
 * Audits several sites `runs` times each, taking turns (a run of the first, of the second, then the
 * first again…), so a machine that speeds up or slows down during the audits moves them all alike.
 * A site with `prepare` starts each run from that state (a cart, a session) with an empty cache,
 * instead of Lighthouse's blank browser.
 */
export async function auditSideBySide(sites: AuditSite[], runs: number): Promise<LighthouseResult[]> {
  for (const site of sites) {
    if (new URL(site.url).hostname !== '127.0.0.1')
      throw new Error(`refusing to audit ${site.url}: the bench only targets 127.0.0.1`);
  }
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
    handleSIGINT: false,
  });
  launched.add(chrome);
  try {
    const results: LhResult[][] = sites.map(() => []);
    for (let i = 0; i < runs; i++) {
      for (const [n, site] of sites.entries()) results[n]!.push(await auditOnce(chrome.port, site));
    }
    return sites.map((site, n) => summarize(site, results[n]!));
  } finally {
    launched.delete(chrome);
    chrome.kill();
  }
}

async function auditOnce(port: number, { url, prepare }: AuditSite): Promise<LhResult> {
  // A trace that lost its navigation start happens now and then on a busy machine; Lighthouse's own
  // advice is to run again. Once per run, so a page that really breaks the trace still fails.
  for (let attempt = 0; ; attempt++) {
    if (prepare) await applyState(port, url, await prepare());
    const out = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      maxWaitForLoad: 45_000,
      disableStorageReset: prepare !== undefined,
    });
    if (!out) throw new Error('Lighthouse returned no result');
    const failure = out.lhr.runtimeError;
    if (failure && failure.code === 'NO_NAVSTART' && attempt === 0) continue;
    if (failure) throw new Error(`Lighthouse: ${failure.code} ${failure.message}`);
    return out.lhr;
  }
}

/** The run with the median performance score (Lighthouse's own advice for CI), with every run's score. */
function summarize({ url, reportFile }: AuditSite, results: LhResult[]): LighthouseResult {
  const score = (lhr: LhResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const sorted = [...results].sort((a, b) => score(a) - score(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  if (reportFile) {
    fs.mkdirSync(path.dirname(reportFile), { recursive: true });
    fs.writeFileSync(reportFile, JSON.stringify(median));
  }
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
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
  };
}

/** Kills every Chromium this module launched that is still running. */
export function killAllChrome(): void {
  for (const chrome of launched) chrome.kill();
  launched.clear();
}
