import slugify from 'slugify';

/**
 * A name people typed as a lower-case ASCII slug for file names and workspace addresses: letters
 * transliterated ("Café" → "cafe", "Straße" → "strasse"), anything else between words one hyphen.
 * Empty when nothing readable is left (a name in Japanese, say): callers pick their fallback.
 */
export function readableSlug(name: string, maxLength: number): string {
  return slugify(name, { lower: true, strict: true, trim: true })
    .replace(/-{2,}/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
