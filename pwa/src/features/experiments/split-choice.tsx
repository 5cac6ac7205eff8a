import { displayUrl } from '../links/destination-display';

export type StoredSplit = ReadonlyArray<{ url: string; weight: number }>;

/**
 * A test on a link that splits its traffic replaces the split (D-515): said before anything is
 * created, with what A and B will be, so the test never overrides the split silently.
 */
export function SplitChoice({
  split,
  aUrl,
  bUrl,
}: {
  split: StoredSplit;
  aUrl: string | null;
  bUrl: string;
}) {
  const shares = split.map((d) => `${d.weight}% → ${displayUrl(d.url)}`).join(', ');
  const b = bUrl.trim() === '' ? 'the address you enter below' : displayUrl(bUrl);
  return (
    <div className="notice" role="group" aria-label="This link splits its traffic" data-testid="split-choice">
      <p>
        This link splits traffic between {split.length} destinations ({shares}). Starting a test replaces the
        split with A = {aUrl === null ? 'its destination' : displayUrl(aUrl)} / B = {b}; the split is kept in
        the link’s history.
      </p>
      <p className="muted">Replace the split and start the test, or cancel to keep the split.</p>
    </div>
  );
}
