import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLocalPort } from '../../testing';

/**
 * Tests only: Debian's `pebble` (a real ACME server) and `pebble-challtestsrv` (its DNS server)
 * on free loopback ports. Every name resolves to 127.0.0.1, so pebble validates HTTP-01 against
 * whatever listens on 127.0.0.1:`httpPort` (the edge under test); TXT and CNAME records are set
 * through the DNS server's management API, and the worker asks that DNS server too.
 */
export type Pebble = {
  directoryUrl: string;
  /** PEM of the certificate pebble's own HTTPS listener uses (trust it to talk ACME). */
  caFile: string;
  /** `ip:port` of the DNS server (the worker's DNS_SERVERS, pebble's resolver). */
  dnsServer: string;
  /** The root that signs the certificates pebble issues (new for every pebble start). */
  issuingRoot: () => Promise<string>;
  /** pebble's view of one certificate: `Valid` or `Revoked`. */
  certificateStatus: (serialHex: string) => Promise<string>;
  setTxt: (name: string, value: string) => Promise<void>;
  clearTxt: (name: string) => Promise<void>;
  setCname: (name: string, target: string) => Promise<void>;
  clearCname: (name: string) => Promise<void>;
  /** Answers A queries for `name` with `address` instead of 127.0.0.1. */
  setA: (name: string, address: string) => Promise<void>;
  /** Back to the default answer, 127.0.0.1. */
  clearA: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

function fqdn(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

async function httpPost(port: number, path: string, body: unknown): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`challtestsrv ${path}: ${response.status} ${await response.text()}`);
}

function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not start`);
}

export async function startPebble(options: { httpPort: number }): Promise<Pebble> {
  const dir = await mkdtemp(join(tmpdir(), 'linkhub-pebble-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const [acmePort, managementPort, dnsPort, dnsManagementPort, tlsPort] = await Promise.all([
    freeLocalPort(),
    freeLocalPort(),
    freeLocalPort(),
    freeLocalPort(),
    freeLocalPort(),
  ]);
  const configFile = join(dir, 'pebble-config.json');
  await writeFile(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: certFile,
        privateKey: keyFile,
        httpPort: options.httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const dns = spawn(
    'pebble-challtestsrv',
    [
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-management',
      `127.0.0.1:${dnsManagementPort}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-defaultIPv4',
      '127.0.0.1',
      '-defaultIPv6',
      '',
    ],
    { stdio: 'ignore' },
  );
  const pebble = spawn('pebble', ['-config', configFile, '-dnsserver', `127.0.0.1:${dnsPort}`], {
    stdio: 'ignore',
    // No sleeping before validation, no nonce rejection drills: the tests check our flow, not pebble's chaos.
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
  });
  const ca = execFileSync('cat', [certFile], { encoding: 'utf8' });
  const directoryUrl = `https://127.0.0.1:${acmePort}/dir`;
  const stop = async () => {
    pebble.kill('SIGKILL');
    dns.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => (await httpsGet(directoryUrl, ca)).status === 200, 'pebble', pebble);
    await waitFor(
      async () =>
        (
          await fetch(`http://127.0.0.1:${dnsManagementPort}/clear-txt`, {
            method: 'POST',
            body: '{"host":"x."}',
          })
        ).ok,
      'pebble-challtestsrv',
      dns,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const management = `https://127.0.0.1:${managementPort}`;
  return {
    directoryUrl,
    caFile: certFile,
    dnsServer: `127.0.0.1:${dnsPort}`,
    issuingRoot: async () => (await httpsGet(`${management}/roots/0`, ca)).body,
    certificateStatus: async (serial) => {
      const { status, body } = await httpsGet(
        `${management}/cert-status-by-serial/${serial.toLowerCase().replace(/^0+/, '')}`,
        ca,
      );
      if (status !== 200) return `unknown (${status})`;
      const parsed: unknown = JSON.parse(body);
      return typeof parsed === 'object' && parsed !== null && 'Status' in parsed
        ? String(parsed.Status)
        : body;
    },
    setTxt: (name, value) => httpPost(dnsManagementPort, '/set-txt', { host: fqdn(name), value }),
    clearTxt: (name) => httpPost(dnsManagementPort, '/clear-txt', { host: fqdn(name) }),
    setCname: (name, target) =>
      httpPost(dnsManagementPort, '/set-cname', { host: fqdn(name), target: fqdn(target) }),
    clearCname: (name) => httpPost(dnsManagementPort, '/clear-cname', { host: fqdn(name) }),
    clearA: (name) => httpPost(dnsManagementPort, '/clear-a', { host: fqdn(name) }),
    setA: (name, address) =>
      httpPost(dnsManagementPort, '/add-a', { host: fqdn(name), addresses: [address] }),
    stop,
  };
}
