import net from 'node:net';

/** A port nothing listens on right now (the OS picks it). */
export { freeLocalPort as freePort } from '@linkhub/shared/server/net/free-port';

/** True when a TCP connection to 127.0.0.1:port is refused. */
export function isClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
