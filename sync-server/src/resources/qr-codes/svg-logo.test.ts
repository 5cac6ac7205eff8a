import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
type Refusal = ErrorBody & { error: { details: Array<{ field: string; issue: string; maximum?: number }> } };

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">${body}</svg>`;
const inlineLogo = (text: string) => ({
  source: { kind: 'data_url', data_url: `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}` },
  size_ratio: 0.2,
});

/** About 1.4 KB: seven levels each drawing the one below ten times, 10⁷ shapes once expanded. */
function useBomb(): string {
  let defs = '<rect id="l0" width="1" height="1"/>';
  for (let n = 1; n <= 7; n++) defs += `<g id="l${n}">${`<use href="#l${n - 1}"/>`.repeat(10)}</g>`;
  return svg(`<defs>${defs}</defs><use href="#l7"/>`);
}

const countCodes = async () =>
  Number((await kit.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM qr_codes')).rows[0]?.n);

describe('inline SVG QR logos go through the SVG policy', () => {
  it('refuses a <use> bomb logo on POST with 422 naming the field, creating nothing and drawing nothing', async () => {
    const bomb = useBomb();
    expect(bomb.length).toBeLessThan(2048);
    const before = await countCodes();
    const drawn = kit.deps.renderPool.completed();
    const res = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/bomb', design: { logo: inlineLogo(bomb) } },
    });
    expect(res.status).toBe(422);
    const body = await json<Refusal>(res);
    expect(body.error.code).toBe('image_too_complex');
    expect(body.error.request_id).toEqual(expect.any(String));
    expect(body.error.details[0]).toMatchObject({
      field: 'design.logo.source.data_url',
      issue: 'svg_use_expansion',
      maximum: 20_000,
    });
    expect(await countCodes()).toBe(before);
    expect(kit.deps.renderPool.completed()).toBe(drawn);
  });

  it('refuses the bomb and a 100-octave turbulence logo on PATCH, leaving the code as it was', async () => {
    const created = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/patch', slug: 'svg-patch' },
    });
    expect(created.status).toBe(201);
    const qr = (await json<Envelope<QrCode>>(created)).data;
    const turbulence = svg(
      '<filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="100"/></filter><rect width="40" height="40" filter="url(#t)"/>',
    );
    for (const [logo, issue] of [
      [useBomb(), 'svg_use_expansion'],
      [turbulence, 'svg_filter_turbulence_octaves'],
    ] as const) {
      const res = await kit.api('PATCH', `/v1/qr-codes/${qr.id}`, {
        key,
        body: { design: { logo: inlineLogo(logo), fg_color: '#112233' } },
      });
      expect(res.status).toBe(422);
      expect((await json<Refusal>(res)).error.details[0]).toMatchObject({
        field: 'design.logo.source.data_url',
        issue,
      });
    }
    const after = (await json<Envelope<QrCode>>(await kit.api('GET', `/v1/qr-codes/${qr.id}`, { key }))).data;
    expect(after.design_revision).toBe(qr.design_revision);
    expect(after.design).toEqual(qr.design);
  });

  it('still accepts an ordinary inline SVG logo, drawn to PNG in a render process before the scan check', async () => {
    const drawn = kit.deps.renderPool.completed();
    const res = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/logo',
        design: { logo: inlineLogo(svg('<circle cx="20" cy="20" r="18" fill="#e4002b"/>')) },
      },
    });
    expect(res.status).toBe(201);
    expect(kit.deps.renderPool.completed()).toBe(drawn + 1);
  });
});
