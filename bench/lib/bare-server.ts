// The yardstick: a bare Fastify server in this process with one route that answers fixed bytes
// (a copy of a shop response: same body, same content-type). The shop's req/s divided by this
// route's req/s, measured in the same run, is the cost of the shop's own work (routing, access
// checks, helmet, caching, serialisation) independent of how fast this machine is today.
import Fastify, { type FastifyInstance } from 'fastify';

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

export async function startBareServer(opts: {
  path: string;
  body: Buffer;
  contentType: string;
  port: number;
}): Promise<BareServer> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get(opts.path, (_req, reply) => {
    reply.header('content-type', opts.contentType).send(opts.body);
  });
  await app.listen({ port: opts.port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${opts.port}`, close: () => app.close() };
}
