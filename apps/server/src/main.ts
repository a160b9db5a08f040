import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { isDatabaseEmpty, seedDemo } from './db/seed/index.ts';
import { startClusterMetrics, startProcessMetrics } from './metrics/index.ts';
import { invoiceJobHandlers } from './modules/invoices/index.ts';
import { createJobRunner } from './modules/jobs/job-runner.ts';
import { createSmsSender } from './modules/members/index.ts';
import { createMailSender, notificationJobHandlers } from './modules/notifications/index.ts';
import { lowStockJobHandlers } from './modules/admin-catalogue/index.ts';
import { lineGateway } from './modules/line/index.ts';
import { paymentJobHandlers } from './modules/payments/payment-jobs.ts';
import { restockJobHandlers } from './modules/restock-alerts/restock-alert-job.ts';
import { cartReminderJobHandlers } from './modules/cart-reminders/index.ts';
import { shipmentJobHandlers } from './modules/logistics/index.ts';
import { createUploadStorage } from './modules/uploads/index.ts';
import { processCount, superviseWorkers } from './supervisor.ts';
import type { WebBuild } from './web/request-handler.ts';

// apps/server, whether this file runs from src/ (tsx) or from dist/ (the built server).
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuildLink = path.resolve(serverRoot, '../web/build');

/**
 * The storefront build this process serves until it stops. apps/web/build is a link to the
 * current build (scripts/build-switch.mjs); resolving it once means a rebuild never swaps the
 * scripts and stylesheets under pages this process has already rendered.
 */
async function loadWebBuild(): Promise<WebBuild | undefined> {
  if (!fs.existsSync(path.join(webBuildLink, 'server/index.js'))) return undefined;
  const webBuildDir = fs.realpathSync(webBuildLink);
  const serverEntry = path.join(webBuildDir, 'server/index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { build, serverEntry, clientDir: path.join(webBuildDir, 'client') };
}

function printWelcome(config: Config, seeded: boolean, processes: number) {
  const lines = [
    '',
    `  商店已啟動 · The shop is running: ${config.publicUrl}${processes > 1 ? ` (${processes} processes)` : ''}`,
    `  資料庫 · Database: ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite (${path.join(config.dataDir, 'pglite')})`}${seeded ? ' — demo data loaded' : ''}`,
  ];
  if (!config.DATABASE_URL && (config.WEB_CONCURRENCY ?? 1) > 1) {
    lines.push('  WEB_CONCURRENCY 需要 PostgreSQL · needs DATABASE_URL: the embedded database serves one process');
  }
  if (config.seedDemo) {
    lines.push(
      '  示範帳號 · Demo accounts (password Demo1234): 0911111111 member · 0922222222 influencer (code DEMOKOL) · 0933333333 member',
      config.NODE_ENV === 'production'
        ? '  後台 · Back office: /admin  (npm run admin:create -- --account … --password …)'
        : '  後台 · Back office: /admin  admin / Admin1234',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** Migrations, then the demo data into an empty database; answers whether it seeded. */
async function prepareDatabase(config: Config, db: Db): Promise<boolean> {
  if (!config.seedDemo || !(await isDatabaseEmpty(db))) return false;
  await seedDemo(db, {
    uploads: createUploadStorage(config, db),
    now: new Date(),
    withDemoStaff: config.NODE_ENV !== 'production',
  });
  return true;
}

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const processes = processCount(config);

  // Several processes (issue 18): the primary prepares the database once and supervises the workers.
  if (cluster.isPrimary && processes > 1) {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    await database.migrate();
    const seeded = await prepareDatabase(config, database.db);
    await database.close();
    superviseWorkers({ count: processes, exec: fileURLToPath(import.meta.url) });
    // One scrape sees every worker (docs/decisions/080-metrics.md).
    await startClusterMetrics(config);
    printWelcome(config, seeded, processes);
    return;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  let seeded = false;
  if (cluster.isPrimary) {
    await database.migrate();
    seeded = await prepareDatabase(config, database.db);
  } else {
    // A worker serves only the schema its code was written for (issue 39): its primary migrated at
    // start, but a worker started later may meet a database restored from an older backup.
    await database.assertMigrated();
  }

  const web = await loadWebBuild();
  const app = await buildApp({ config, db: database.db, web });
  if (!web) app.log.warn('apps/web/build is missing: run `npm run build` to serve the storefront pages');

  // Outbox jobs (docs/decisions/038); the integrations register their kinds here as they arrive.
  const messaging = {
    db: database.db,
    config,
    sms: createSmsSender(config, app.log),
    mail: createMailSender(config, app.log),
    line: lineGateway(config).messaging?.push ?? null,
  };
  const jobRunner = createJobRunner({
    db: database.db,
    handlers: {
      ...paymentJobHandlers({ db: database.db, config, log: app.log }),
      ...invoiceJobHandlers({ db: database.db, config, log: app.log }),
      ...notificationJobHandlers(messaging),
      ...restockJobHandlers(messaging),
      ...cartReminderJobHandlers(messaging),
      ...lowStockJobHandlers({ db: database.db, mail: messaging.mail }),
      ...shipmentJobHandlers({ db: database.db, config, log: app.log }),
    },
    log: app.log,
  });

  const metrics = await startProcessMetrics(config, database.db, { behindPrimary: cluster.isWorker });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // A worker being replaced keeps answering for a while, each answer closing its connection, so the
    // load balancer never sends a request down one it is closing (http/draining.ts).
    if (cluster.isWorker && config.shutdownDrainMs > 0) await app.draining.drain(config.shutdownDrainMs);
    // Before the database closes: a handler that is running records its outcome first.
    await jobRunner.stop();
    await metrics?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ ms: Math.round(performance.now() - startedAt) }, 'listening');
  jobRunner.start();
  if (cluster.isPrimary) printWelcome(config, seeded, 1);
}

main().catch((err: unknown) => {
  process.stderr.write(`\n啟動失敗 · Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
