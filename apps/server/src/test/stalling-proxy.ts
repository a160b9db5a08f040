// A TCP proxy that a test can freeze: while frozen it accepts connections and reads bytes but passes
// none on, as a stalled network or a hung database server does (no reset, no error: silence). Thawed,
// it passes on what it held and carries on; abandoned, the connections it held stay silent for ever
// while new ones pass (a failover, or a NAT that forgot them: nobody tells the client).
import net from 'node:net';

export interface StallingProxy {
  /** The port on 127.0.0.1 that forwards to the target. */
  port: number;
  freeze(): void;
  thaw(): void;
  /** Ends the freeze for new connections only: the ones open now never carry a byte again. */
  abandon(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const silenced = new WeakSet<net.Socket>();

  /** Writes `chunk` to `to` now, or once thawed; never when the connection was abandoned. */
  const pass = (to: net.Socket, chunk: Buffer) => {
    if (silenced.has(to)) return;
    if (frozen) held.push(() => to.write(chunk));
    else to.write(chunk);
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('data', (chunk) => pass(upstream, chunk));
    upstream.on('data', (chunk) => pass(client, chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const write of held.splice(0)) write();
    },
    abandon: () => {
      for (const socket of sockets) silenced.add(socket);
      held.length = 0;
      frozen = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
