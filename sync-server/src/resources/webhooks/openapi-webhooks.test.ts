import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@linkhub/shared/webhooks/events';
import { signatureHeader } from '@linkhub/shared/server/webhooks/signature';
import { buildOpenApiDocument } from '../../tables/openapi-document';
import { VERIFY_SNIPPET, WEBHOOKS_DESCRIPTION } from './openapi-webhooks';

type Doc = {
  webhooks: Record<
    string,
    { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }
  >;
  components: { schemas: Record<string, Record<string, unknown>> };
};

describe('the OpenAPI webhooks section', () => {
  const doc = buildOpenApiDocument('http://localhost:8080') as unknown as Doc; // test-only: shape asserted below

  it('documents every event with a payload schema generated from the zod schemas', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const ref = doc.webhooks['link.created']?.post.requestBody.content['application/json'].schema.$ref ?? '';
    const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    const props = schema?.properties as Record<
      string,
      { const?: string; properties?: Record<string, unknown> }
    >;
    expect(props.type?.const).toBe('link.created');
    expect(Object.keys(props.data?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'short_url', 'destination_url', 'status']),
    );
    const lead =
      doc.webhooks['lead.confirmed']?.post.requestBody.content['application/json'].schema.$ref ?? '';
    const leadProps = doc.components.schemas[lead.replace('#/components/schemas/', '')]?.properties as Record<
      string,
      { properties?: Record<string, unknown> }
    >;
    expect(Object.keys(leadProps.data?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'consent_text']),
    );
  });

  it('carries a verification snippet that verifies a real delivery and refuses a forged one', async () => {
    expect(WEBHOOKS_DESCRIPTION).toContain(VERIFY_SNIPPET);
    const dir = await mkdtemp(join(tmpdir(), 'verify-snippet-'));
    try {
      const file = join(dir, 'verify.mjs');
      await writeFile(file, VERIFY_SNIPPET);
      const mod = (await import(pathToFileURL(file).href)) as {
        verifyLinkHub: (body: string, header: string, secret: string) => boolean;
      };
      const body = JSON.stringify({ id: 'e1', type: 'webhook.test' });
      const header = signatureHeader(['whsec_new', 'whsec_old'], Math.floor(Date.now() / 1000), body);
      expect(mod.verifyLinkHub(body, header, 'whsec_old')).toBe(true);
      expect(mod.verifyLinkHub(body, header, 'whsec_new')).toBe(true);
      expect(mod.verifyLinkHub(`${body} `, header, 'whsec_new')).toBe(false);
      expect(mod.verifyLinkHub(body, header, 'whsec_other')).toBe(false);
      const stale = signatureHeader(['whsec_new'], Math.floor(Date.now() / 1000) - 3_600, body);
      expect(mod.verifyLinkHub(body, stale, 'whsec_new')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
