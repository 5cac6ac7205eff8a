import { describe, expect, it } from 'vitest';
import { createLink } from '../mutators/links';
import { createQrCode } from '../mutators/qr-codes';
import { createLinkInputSchema } from '../schemas/links';
import { createQrCodeInputSchema } from '../schemas/qr-codes';

/** Normalise at the door, once: REST bodies and push args store the same WHATWG form. */
const typed = 'https://ja.wikipedia.org/wiki/東京';
const stored = 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC';
const ids = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  workspace_id: '0190a0b0-0000-7000-8000-000000000002',
};

describe('every door that takes a destination stores it normalised', () => {
  it('REST: POST /v1/links and POST /v1/qr-codes', () => {
    expect(createLinkInputSchema.parse({ destination_url: typed }).destination_url).toBe(stored);
    expect(createQrCodeInputSchema.parse({ destination_url: 'https://аpple.com/' }).destination_url).toBe(
      'https://xn--pple-43d.com/',
    );
  });

  it('push: the createLink and createQrCode mutator args', () => {
    expect(createLink.args.parse({ ...ids, destination_url: typed }).destination_url).toBe(stored);
    expect(
      createQrCode.args.parse({ ...ids, destination_url: 'https://ｅｘａｍｐｌｅ.com/' }).destination_url,
    ).toBe('https://example.com/');
  });
});
