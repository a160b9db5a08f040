// Every request has an id that every log line of it carries (Fastify's `reqId`) and that its answer
// names in `X-Request-Id` (issue 39): a shopper's complaint ("it said 伺服器發生錯誤") comes with the id,
// and the id finds the lines. Behind nginx the id is nginx's own `$request_id`, so its access log and
// ours agree; anyone else's X-Request-Id is ignored, since a client could fill the log with ids of its
// choosing (or with control characters and megabytes).
import { randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A short token: nginx's $request_id (32 hex digits), a UUID, a load balancer's trace id. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** proxy-addr's named ranges, as TRUST_PROXY accepts them (config.ts). */
const NAMED_RANGES: Record<string, Array<[string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** Whether the peer that sent a request is a proxy TRUST_PROXY names (false: none; a hop count: any peer). */
export function trustedPeer(trustProxy: false | number | string[]): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trusted = new BlockList();
  for (const entry of trustProxy) {
    for (const [address, prefix] of NAMED_RANGES[entry] ?? [toRange(entry)]) {
      trusted.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    }
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket names IPv4 peers as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const kind = isIP(plain);
    return kind !== 0 && trusted.check(plain, kind === 6 ? 'ipv6' : 'ipv4');
  };
}

/** `10.0.0.2` or `10.0.0.0/8` as an address and a prefix length. */
function toRange(entry: string): [string, number] {
  const [address = '', prefix] = entry.split('/');
  return [address, prefix === undefined ? (isIP(address) === 6 ? 128 : 32) : Number(prefix)];
}

/** Fastify's `genReqId`: a trusted proxy's sane X-Request-Id, else a new random one. */
export function requestIdFor(trustProxy: false | number | string[]): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const offered = req.headers[REQUEST_ID_HEADER];
    if (typeof offered === 'string' && SANE_REQUEST_ID.test(offered) && trusted(req.socket?.remoteAddress)) {
      return offered;
    }
    return randomUUID().replaceAll('-', '');
  };
}

/**
 * Names the id in every answer, a 503 of overload shedding included: register before the hooks that may
 * answer early. Pages too, though a shopper mostly needs it on a 5xx: one rule is easier to rely on.
 */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
