import net from 'node:net';

export type CuttableProxy = {
  readonly port: number;
  /** Drops every open connection and refuses new ones, as a PostgreSQL that went down. */
  cut: () => Promise<void>;
  /** Accepts connections again. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A TCP proxy in front of the shared PostgreSQL that the chaos suite can cut: cheaper than a private
 * cluster, and to every service it looks the same as a server that went away and came back.
 */
export async function startPgProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    cut: async () => {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}
