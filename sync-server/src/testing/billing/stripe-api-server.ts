import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local HTTP server that answers Stripe's wire format (form-encoded requests, JSON objects,
 * Stripe's error body) for the endpoints billing calls, so tests drive the REAL `stripe` SDK through
 * its host/port/protocol options. It records every request; `setDown(true)` drops connections, as
 * an unreachable Stripe would.
 */
export type RecordedStripeRequest = {
  readonly method: string;
  readonly path: string;
  readonly form: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
  readonly idempotencyKey: string | undefined;
};

export type StripeApiServer = {
  readonly url: string;
  readonly requests: RecordedStripeRequest[];
  /** Subscriptions the server knows (GET/POST /v1/subscriptions/:id), by id. */
  readonly subscriptions: Map<string, Record<string, unknown>>;
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

export const TEST_CHECKOUT_HOST = 'checkout.stripe.test';
export const TEST_PORTAL_HOST = 'billing.stripe.test';

export async function startStripeApiServer(): Promise<StripeApiServer> {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let down = false;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const form = Object.fromEntries(new URLSearchParams(body));
      const method = req.method ?? 'GET';
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      requests.push({
        method,
        path: url.pathname,
        form,
        authorization: header('authorization'),
        idempotencyKey: header('idempotency-key'),
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': nextId('req') });
        res.end(JSON.stringify(payload));
      };
      const missing = (what: string) =>
        send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
        });
      if (!(header('authorization') ?? '').startsWith('Bearer sk_test_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const route = `${method} ${url.pathname}`;
      if (route === 'POST /v1/customers') {
        send(200, {
          id: nextId('cus'),
          object: 'customer',
          email: form.email ?? null,
          name: form.name ?? null,
          metadata: metadataOf(form),
          created: now(),
          livemode: false,
        });
        return;
      }
      if (route === 'POST /v1/checkout/sessions') {
        const id = nextId('cs');
        send(200, {
          id,
          object: 'checkout.session',
          mode: form.mode ?? 'payment',
          customer: form.customer ?? null,
          client_reference_id: form.client_reference_id ?? null,
          success_url: form.success_url ?? null,
          cancel_url: form.cancel_url ?? null,
          status: 'open',
          url: `https://${TEST_CHECKOUT_HOST}/c/pay/${id}`,
          metadata: metadataOf(form),
          livemode: false,
          created: now(),
        });
        return;
      }
      if (route === 'POST /v1/billing_portal/sessions') {
        const id = nextId('bps');
        send(200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer ?? null,
          return_url: form.return_url ?? null,
          url: `https://${TEST_PORTAL_HOST}/p/session/${id}`,
          livemode: false,
          created: now(),
        });
        return;
      }
      const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (sub?.[1] !== undefined) {
        const found = subscriptions.get(sub[1]);
        if (!found) {
          missing(`subscription: '${sub[1]}'`);
          return;
        }
        if (method === 'POST') {
          const price = form['items[0][price]'];
          const itemId = form['items[0][id]'];
          const items = found.items as { data: Array<Record<string, unknown>> };
          const updated = {
            ...found,
            items: {
              ...items,
              data: items.data.map((item) =>
                item.id === itemId && price !== undefined
                  ? { ...item, price: { id: price, object: 'price' } }
                  : item,
              ),
            },
          };
          subscriptions.set(sub[1], updated);
          send(200, updated);
          return;
        }
        send(200, found);
        return;
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    setDown: (value) => (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) => {
      const match = /^metadata\[(\w+)\]$/.exec(key);
      return match?.[1] === undefined ? [] : [[match[1], value]];
    }),
  );
}
