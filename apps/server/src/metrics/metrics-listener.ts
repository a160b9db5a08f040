// The scrape address (docs/decisions/080-metrics.md): a listener of its own, on METRICS_HOST
// (127.0.0.1 unless set) and METRICS_PORT, never the shop's public port, so the figures never reach
// the internet through the load balancer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** The Prometheus text of this process, or of every worker when the primary answers. */
  scrape(): Promise<string>;
  contentType: string;
}

/** Answers GET /metrics; anything else is 404. */
export async function listenForScrapes({
  host,
  port,
  scrape,
  contentType,
}: MetricsListenerOptions): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) =>
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
