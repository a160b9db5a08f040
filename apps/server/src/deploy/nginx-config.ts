// deploy/nginx/shop.conf made runnable by Debian's nginx on a machine other than the server it was
// written for (the nginx test, the flash bench): only what a machine differs in is replaced — the
// listening ports, the certificate paths, the repository path and the upstream ports — and it is
// wrapped in a minimal main nginx.conf whose pid, log and temporary files stay in one folder.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shipped file. */
export const SHIPPED_NGINX_CONF = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../deploy/nginx/shop.conf',
);

/** Debian's nginx binary. */
export const NGINX_BINARY = '/usr/sbin/nginx';

export interface NginxConfigOptions {
  /** Folder for nginx.conf, shop.conf, the pid file, the error log and temporary files. */
  dir: string;
  /** Plain http port (redirects to https) and https port, both on 127.0.0.1. */
  httpPort: number;
  httpsPort: number;
  /** The app ports for the shipped upstream lines, in order (it has two: give the same port twice for one machine). */
  upstreamPorts: readonly number[];
  /** Folder holding fullchain.pem and privkey.pem (replaces /etc/ssl/shop/). */
  certDir: string;
  /** What /srv/shop/ (the repository checkout) becomes, ending with a slash. */
  repositoryDir: string;
  /** nginx `worker_connections`; each proxied request holds two (client and upstream). */
  workerConnections?: number;
}

/** The shipped shop.conf with this machine's ports and paths (throws when the upstream lines do not match the ports). */
export function renderShopConf(shipped: string, opts: Omit<NginxConfigOptions, 'dir' | 'workerConnections'>): string {
  const upstreams = shipped.match(/server 127\.0\.0\.1:3000 /g) ?? [];
  if (upstreams.length !== opts.upstreamPorts.length) {
    throw new Error(
      `shop.conf has ${upstreams.length} upstream line(s) for 127.0.0.1:3000, ${opts.upstreamPorts.length} port(s) given`,
    );
  }
  let next = 0;
  return shipped
    .replace(/server 127\.0\.0\.1:3000 /g, () => `server 127.0.0.1:${opts.upstreamPorts[next++]} `)
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${opts.httpPort};`)
    .replace(/^(\s*)listen 443 ssl( http2)?;/m, `$1listen 127.0.0.1:${opts.httpsPort} ssl$2;`)
    .replaceAll('/etc/ssl/shop/', `${opts.certDir.replace(/\/?$/, '/')}`)
    .replaceAll('/srv/shop/', opts.repositoryDir.replace(/\/?$/, '/'));
}

/** Writes `dir/shop.conf` (rendered from the shipped file) and `dir/nginx.conf` including it. */
export function writeNginxConfig(opts: NginxConfigOptions): void {
  const { dir } = opts;
  const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8');
  fs.writeFileSync(path.join(dir, 'shop.conf'), renderShopConf(shipped, opts));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${opts.workerConnections ?? 256}; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/shop.conf;
}
`,
  );
}

/** The `nginx` arguments that test (`-t`) or run (in the foreground) a config written by writeNginxConfig. */
export function nginxArgs(dir: string, mode: 'test' | 'run'): string[] {
  const base = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  return mode === 'test' ? ['-t', ...base] : [...base, '-g', 'daemon off;'];
}

/** A self-signed certificate for `hostName`, valid one day: `dir/fullchain.pem` and `dir/privkey.pem` (needs openssl). */
export function writeSelfSignedCertificate(dir: string, hostName: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${hostName}`,
      '-keyout',
      path.join(dir, 'privkey.pem'),
      '-out',
      path.join(dir, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
}
