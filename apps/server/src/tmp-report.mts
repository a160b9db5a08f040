import { openDatabase } from './db/client.ts';
import { salesReport } from './modules/admin-reports/sales-report.service.ts';
const database = await openDatabase({ dataDir: '/tmp/reports-seed' });
const range = { from: '2026-09-04', to: '2026-12-02' };
const times: number[] = [];
for (let i = 0; i < 60; i++) { const t = performance.now(); await salesReport(database.db, range); times.push(performance.now() - t); }
const last = times.slice(30).sort((a, b) => a - b);
console.log('median', last[15]!.toFixed(1), 'min', last[0]!.toFixed(1));
await database.close();
