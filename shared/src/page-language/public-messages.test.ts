import { describe, expect, it } from 'vitest';
import { catalogLanguageOf, PAGE_LANGUAGES } from './languages';
import { PUBLIC_CATALOGS, publicCatalogsSchema, publicMessage } from './public-messages';

describe('the public message catalog', () => {
  it('has every key in every language, and nothing else', () => {
    const english = Object.keys(PUBLIC_CATALOGS.en).sort();
    for (const language of PAGE_LANGUAGES)
      expect(Object.keys(PUBLIC_CATALOGS[language]).sort()).toEqual(english);
    expect(Object.keys(PUBLIC_CATALOGS).sort()).toEqual([...PAGE_LANGUAGES].sort());
  });

  it('refuses a language that lacks a key or changes an argument', () => {
    const missing = { ...PUBLIC_CATALOGS, de: { ...PUBLIC_CATALOGS.de, footer: undefined } };
    expect(publicCatalogsSchema.safeParse(missing).success).toBe(false);
    const renamed = { ...PUBLIC_CATALOGS, fr: { ...PUBLIC_CATALOGS.fr, embed_play: 'Lire sur {service}' } };
    const result = publicCatalogsSchema.safeParse(renamed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['fr', 'embed_play']);
  });

  it('fills arguments and falls back to the primary subtag, then English', () => {
    expect(publicMessage('de', 'embed_play', { provider: 'YouTube' })).toBe('Auf YouTube abspielen');
    expect(publicMessage('de-AT', 'back_to_page')).toBe('Zurück zur Seite');
    expect(publicMessage('ko', 'back_to_page')).toBe('Back to the page');
    expect(publicMessage(undefined, 'footer')).toBe('Made with LinkHub');
    expect(catalogLanguageOf('JA')).toBe('ja');
  });

  it('differs from English in every other language for the form label', () => {
    for (const language of PAGE_LANGUAGES.filter((l) => l !== 'en'))
      expect(publicMessage(language, 'capture_email_label')).not.toBe('Email address');
  });
});
