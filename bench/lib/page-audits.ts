// The Lighthouse audits of run.ts: each selected page, after a check that it answers, on Chromium.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchRun } from './bench-run.ts';
import { errorText } from './bench-run.ts';
import { auditPage } from './lighthouse.ts';
import type { LighthousePage } from './target-types.ts';

export async function auditPages(run: BenchRun, shopUrl: string, pages: LighthousePage[]) {
  const { args, ctx, results, log } = run;
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  for (const page of pages) {
    if (!fs.existsSync(chromePath)) {
      results.failures.set(
        page.name,
        `${chromePath} is missing: apt-get update && apt-get install -y chromium (or set CHROME_PATH)`,
      );
      continue;
    }
    try {
      const pagePath = page.resolvePath ? await page.resolvePath(ctx) : page.path;
      log(`Lighthouse ${pagePath} (${args.lighthouseRuns} run(s), mobile)`);
      const res = await fetch(`${shopUrl}${pagePath}`, { headers: { accept: 'text/html' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${pagePath} answered ${res.status}`);
      const prepare = page.prepare;
      const r = await auditPage(
        `${shopUrl}${pagePath}`,
        args.lighthouseRuns,
        prepare && (() => prepare(ctx)),
        path.join(run.root, 'bench/out', `${page.name}.json`),
      );
      results.lighthouse.set(page.name, r);
      log(
        `  performance ${r.performance} (runs ${r.allScores.join(', ')}), LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, JS ${r.jsKb.toFixed(1)} KB`,
      );
    } catch (err) {
      results.failures.set(page.name, errorText(err));
    }
  }
}
