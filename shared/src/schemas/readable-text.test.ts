import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockInputSchema } from './blocks';
import { tagsSchema, titleSchema } from './common';
import { createPageInputSchema } from './pages';
import { createWorkspaceInputSchema, holdingPageSchema, workspaceNameSchema } from './workspaces';
import { createLinkInputSchema } from './links';
import { updatePageArgs } from '../mutators/pages';
import { qrDesignApiSchema, qrDesignArgSchema } from './qr-design';
import { createExperimentInputSchema, updateExperimentInputSchema } from '../experiments/schemas';
import { createWebhookEndpointInputSchema } from '../webhooks/schemas';

const OVERRIDES = ['\u202D', '\u202E'];
const PAGE = {
  id: '01a24592-2a95-772b-8eb7-45ff937b1a24',
  workspace_id: '01a24592-2a95-772b-8eb7-45ff937b1a25',
};

const EXPERIMENT_VARIANTS = [
  { key: 'a', name: 'A', weight: 5000, is_control: true, destination_url: 'https://example.com/a' },
  { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
];

/** Every field of text people read, as a parse of one value put into it. */
const FIELDS: Array<[string, (text: string) => { success: boolean; error?: { issues: unknown[] } }]> = [
  [
    'link title',
    (t) => createLinkInputSchema.safeParse({ destination_url: 'https://example.com', title: t }),
  ],
  ['qr / link title', (t) => titleSchema.safeParse(t)],
  ['tag', (t) => tagsSchema.safeParse([t])],
  ['page title', (t) => createPageInputSchema.safeParse({ handle: 'shop', title: t })],
  ['page bio', (t) => createPageInputSchema.safeParse({ handle: 'shop', title: 'Shop', bio: t })],
  [
    'link block label',
    (t) => blockInputSchema.safeParse({ type: 'link', title: t, url: 'https://example.com' }),
  ],
  ['header block', (t) => blockInputSchema.safeParse({ type: 'header', text: t })],
  ['text block', (t) => blockInputSchema.safeParse({ type: 'text', text: t })],
  [
    'image alt text',
    (t) => blockInputSchema.safeParse({ type: 'image', url: 'https://example.com/a.png', alt: t }),
  ],
  [
    'sign-up consent text',
    (t) =>
      blockInputSchema.safeParse({
        type: 'email_capture',
        title: 'News',
        button_label: 'Join',
        consent_text: t,
      }),
  ],
  ['page title, pushed', (t) => updatePageArgs.safeParse({ ...PAGE, title: t })],
  ['page bio, pushed', (t) => updatePageArgs.safeParse({ ...PAGE, bio: t })],
  ['workspace name', (t) => workspaceNameSchema.safeParse(t)],
  ['new workspace name', (t) => createWorkspaceInputSchema.safeParse({ name: t })],
  ['holding page title', (t) => holdingPageSchema.safeParse({ title: t })],
  [
    'link UTM campaign',
    (t) => createLinkInputSchema.safeParse({ destination_url: 'https://example.com', utm: { campaign: t } }),
  ],
  [
    'webhook description',
    (t) =>
      createWebhookEndpointInputSchema.safeParse({
        kind: 'webhook',
        url: 'https://example.com/hook',
        events: ['link.created'],
        description: t,
      }),
  ],
  ['QR frame label (REST)', (t) => qrDesignApiSchema.safeParse({ frame: { label: t } })],
  ['QR frame label, pushed', (t) => qrDesignArgSchema.safeParse({ frame: { label: t } })],
  [
    'experiment name',
    (t) =>
      createExperimentInputSchema.safeParse({
        resource_type: 'link',
        resource_id: PAGE.id,
        name: t,
        variants: EXPERIMENT_VARIANTS,
      }),
  ],
  ['experiment name, renamed', (t) => updateExperimentInputSchema.safeParse({ name: t })],
  [
    'variant name',
    (t) =>
      updateExperimentInputSchema.safeParse({
        variants: [{ ...EXPERIMENT_VARIANTS[0], name: t }, EXPERIMENT_VARIANTS[1]],
      }),
  ],
  [
    'bio page variant link label',
    (t) =>
      updateExperimentInputSchema.safeParse({
        variants: [
          { key: 'a', name: 'A', weight: 5000, is_control: true },
          { key: 'b', name: 'B', weight: 5000, page: { block: { id: 'blk_1', label: t } } },
        ],
      }),
  ],
];

describe('text people read refuses a direction override (Trojan-source spoofing: "gnp.exe" shown as "exe.png")', () => {
  it('refuses U+202D / U+202E anywhere in any readable field, naming the issue', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...OVERRIDES),
        fc.constantFrom(...FIELDS),
        (before, after, override, [name, parse]) => {
          fc.pre(before.trim() !== '');
          const result = parse(`${before}${override}${after}`);
          expect(result.success, name).toBe(false);
          expect(JSON.stringify(result.error?.issues), name).toContain('direction_override');
        },
      ),
    );
  });

  it('keeps right-to-left writing, its marks and isolates, and other scripts', () => {
    for (const text of [
      'مرحبا بالعالم',
      'שלום עולם',
      'Sale \u200Fمرحبا\u200E 50%',
      'a \u2067עברית\u2069 b',
      '例え 🙂 Ünïcödé',
    ])
      for (const [name, parse] of FIELDS) expect(parse(text).success, `${name}: ${text}`).toBe(true);
  });
});
