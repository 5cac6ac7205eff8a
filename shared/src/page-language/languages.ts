import { z } from 'zod';

/**
 * The languages a creator can give a bio page (D-602): BCP 47 tags for `<html lang>`, each with a
 * complete catalog of the page's visitor-facing strings (`public-messages.ts`). The label is the
 * language's own name, so a creator finds theirs whatever language the editor speaks.
 */
export const PAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'ja'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export const PAGE_LANGUAGE_LABELS: Readonly<Record<PageLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  ja: '日本語',
};

export const DEFAULT_PAGE_LANGUAGE: PageLanguage = 'en';

export const pageLanguageSchema = z.enum(PAGE_LANGUAGES);

/** The catalog language for any stored tag: its own, its primary subtag's (`de-AT` → `de`), else English. */
export function catalogLanguageOf(tag: string | null | undefined): PageLanguage {
  const primary = (tag ?? '').toLowerCase().split('-')[0] ?? '';
  const found = PAGE_LANGUAGES.find((language) => language === primary);
  return found ?? DEFAULT_PAGE_LANGUAGE;
}
