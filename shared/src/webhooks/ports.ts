/**
 * The ports a webhook (or an ESP sync) may be delivered to: the web's own, 443 and 80. Any
 * other port is how a delivery would talk to a mail server (25), a cache (6379) or a database that
 * happens to listen on a public address. Tests that run a receiver on a random local port say so
 * through the services' injected network settings, never through configuration.
 */
export const WEBHOOK_PORTS: readonly number[] = [443, 80];

export const isWebPort = (port: number): boolean => WEBHOOK_PORTS.includes(port);

/** The port a URL connects to: the one written, else its scheme's default. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

export const WEBHOOK_PORT_SENTENCE = 'A webhook address may use port 443 (https) or 80 only.';
