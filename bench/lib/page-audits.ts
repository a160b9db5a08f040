// The Lighthouse audits of run.ts: each selected page, after a check that it answers, on Chromium. A
// page with a baseline twin is audited in turns with it: a run on this build, a run on the earlier one.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchRun } from './bench-run.ts';
import { errorText } from './bench-run.ts';
import { auditSideBySide, type AuditSite } from './lighthouse.ts';
import type { LighthousePage } from './target-types.ts';

/** Where each page is audited: the shop's address, or its baseline's when the page names one. */
function baseUrl(page: LighthousePage, shopUrl: string, baselineUrls: Map<string, string>): string | undefined {
  return page.baseline ? baselineUrls.get(page.baseline.rev) : shopUrl;
}

export async function auditPages(
  run: BenchRun,
  shopUrl: string,
  pages: LighthousePage[],
  /** The earlier builds' servers, by commit, for the pages with a baseline. */
  baselineUrls = new Map<string, string>(),
) {
  const { args, ctx, results, log } = run;
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  for (const page of pages.filter((p) => !p.baseline)) {
    const twins = pages.filter((p) => p.baseline?.beside === page.name);
    const group = [page, ...twins];
    if (!fs.existsSync(chromePath)) {
      for (const p of group) {
        results.failures.set(
          p.name,
          `${chromePath} is missing: apt-get update && apt-get install -y chromium (or set CHROME_PATH)`,
        );
      }
      continue;
    }
    try {
      const pagePath = page.resolvePath ? await page.resolvePath(ctx) : page.path;
      const sites: Array<{ page: LighthousePage; site: AuditSite }> = [];
      for (const p of group) {
        const base = baseUrl(p, shopUrl, baselineUrls);
        if (!base) {
          results.failures.set(p.name, `${p.baseline?.rev} did not start`);
          continue;
        }
        const res = await fetch(`${base}${pagePath}`, { headers: { accept: 'text/html' } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET ${base}${pagePath} answered ${res.status}`);
        const prepare = p.prepare;
        sites.push({
          page: p,
          site: {
            url: `${base}${pagePath}`,
            prepare: prepare && (() => prepare(ctx)),
            reportFile: path.join(run.root, 'bench/out', `${p.name}.json`),
          },
        });
      }
      const names = sites.map((s) => s.page.name).join(' and ');
      log(
        `Lighthouse ${pagePath} (${args.lighthouseRuns} run(s), mobile): ${names}${sites.length > 1 ? ', in turns' : ''}`,
      );
      const audits = await auditSideBySide(
        sites.map((s) => s.site),
        args.lighthouseRuns,
      );
      for (const [n, r] of audits.entries()) {
        const name = sites[n]!.page.name;
        results.lighthouse.set(name, r);
        log(
          `  ${name}: performance ${r.performance} (runs ${r.allScores.join(', ')}), LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, JS ${r.jsKb.toFixed(1)} KB`,
        );
      }
    } catch (err) {
      for (const p of group) results.failures.set(p.name, errorText(err));
    }
  }
}
