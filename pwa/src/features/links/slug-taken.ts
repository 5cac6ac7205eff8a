type Slugged = { id: string; slug: string; domain_id: string };

/**
 * The sentence to show when the slug is already used on the same domain in this workspace by another
 * link, or reserved by a QR code (a printed code keeps its slug forever), else null. A new link has no
 * domain yet: every use of the slug counts. The server still has the last word on sync.
 */
export function slugTakenBy(
  typed: string,
  current: Slugged | null,
  links: readonly Slugged[],
  qrCodes: readonly Slugged[],
): string | null {
  const slug = typed.trim().toLowerCase();
  if (slug === '' || slug === current?.slug) return null;
  const clashes = (o: Slugged) =>
    o.id !== current?.id &&
    o.slug.toLowerCase() === slug &&
    (current === null || o.domain_id === current.domain_id);
  if (links.some(clashes)) return 'Another link already uses this slug.';
  if (qrCodes.some(clashes)) return 'A QR code holds this slug (a printed code keeps it forever).';
  return null;
}
