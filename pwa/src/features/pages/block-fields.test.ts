import { describe, expect, it } from 'vitest';
import { snapshotBlockSchema } from '@linkhub/shared/blocks/snapshot';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { blockSummary, dataFromFields, fieldsFromData, socialRowsOf } from './block-fields';
import { blockFormErrors, formErrorKeys } from './block-form';
import { fieldErrors } from '../../ui/error-messages';

const social = samplePageSnapshot().blocks.find((b) => b.type === 'social');
const socialDemoPage: Record<string, unknown> = social?.type === 'social' ? social.data : {};

describe('block form fields', () => {
  it('show every network of a social block and save all of them back (the demo page has 5)', () => {
    const rows = socialRowsOf(socialDemoPage);
    expect(rows).toHaveLength(5);
    const data = dataFromFields('social', {}, rows);
    expect(data).toEqual(socialDemoPage);
    expect(blockSummary('social', data)).toBe('instagram, tiktok, youtube, x, email');
  });

  it('save added and removed rows as the form holds them, names lower-cased as the schema stores them', () => {
    const rows = [
      ...socialRowsOf(socialDemoPage).slice(1),
      { network: 'Mastodon', url: 'https://mastodon.social/@maya' },
    ];
    const data = dataFromFields('social', {}, rows);
    expect(socialRowsOf(data).map((r) => r.network)).toEqual(['tiktok', 'youtube', 'x', 'email', 'mastodon']);
    expect(snapshotBlockSchema.safeParse({ id: 'b', type: 'social', data }).success).toBe(true);
  });

  it('name the row of a bad URL by its index', () => {
    const data = dataFromFields('social', {}, [
      { network: 'instagram', url: 'https://instagram.com/maya' },
      { network: 'x', url: 'javascript:alert(1)' },
    ]);
    const parsed = snapshotBlockSchema.safeParse({ id: 'b', type: 'social', data });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(Object.keys(formErrorKeys(fieldErrors(parsed.error)))).toContain('links.1.url');
  });

  it('keep what an edit form does not show (an image’s width and height)', () => {
    const previous = { url: 'https://img.example/a.png', alt: 'A', width: 640, height: 480 };
    expect(dataFromFields('image', { ...fieldsFromData('image', previous), alt: 'B' }, [], previous)).toEqual(
      { ...previous, alt: 'B' },
    );
  });
});

describe('the email sign-up block', () => {
  it('saves its consent text and double opt-in, and reads them back into the form', () => {
    const data = dataFromFields('email_capture', {
      title: 'News',
      button_label: 'Join',
      consent_text: 'Monthly news.',
      double_opt_in: 'true',
    });
    expect(data).toEqual({
      title: 'News',
      button_label: 'Join',
      consent_text: 'Monthly news.',
      double_opt_in: true,
    });
    expect(snapshotBlockSchema.safeParse({ id: 'b', type: 'email_capture', data }).success).toBe(true);
    expect(fieldsFromData('email_capture', data).double_opt_in).toBe('true');
    expect(dataFromFields('email_capture', { title: 'News', button_label: 'Join' }).double_opt_in).toBe(
      false,
    );
  });

  it('refuse at its field what the mutators refuse (a direction override), and under the form a key the form does not show', () => {
    expect(blockFormErrors('link', { title: 'Shop', url: 'https://user:pw@shop.example.com/' })?.url).toBe(
      'The destination carries a user name or password, which every visitor would receive.',
    );
    expect(
      blockFormErrors('social', {
        links: [
          { network: 'instagram', url: 'https://instagram.com/maya' },
          { network: 'x', url: 'https://maya:pw@x.com/maya' },
        ],
      })?.['links.1.url'],
    ).toMatch(/user name or password/);
    expect(blockFormErrors('link', { title: 'Shop', url: 'https://shop.example.com/@maya' })).toBeNull();
    expect(blockFormErrors('header', { text: 'Shop' })).toBeNull();
    expect(blockFormErrors('header', { text: 'Invoice \u202Efdp.exe' })?.text).toMatch(/reverses the text/);
    const stray = blockFormErrors('link', { title: 'Prints', url: 'https://shop.example/', thumbnail: 'x' });
    expect(stray?.form).toBeTruthy();
    expect(blockFormErrors('link', { title: 'Prints', url: 'https://shop.example/' })).toBeNull();
  });
});
