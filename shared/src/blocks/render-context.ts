/** What block renderers need from the page around them. */
export interface RenderContext {
  /** The click-hop href of a block (`index` picks one link of a social block). */
  linkHref: (blockId: string, index?: number) => string;
  /** Where the email-capture form posts. */
  subscribeAction: string;
  /** Prefix for asset paths such as `/assets/…` (e.g. `https://cdn.example`); absent: same origin. */
  assetBase?: string;
  /** Position of the block on the page, 0-based (early images load eagerly). */
  position: number;
  /** The page's published revision, posted with a sign-up so the consent text agreed to is known. */
  revision?: number;
  /** The status line of a sign-up block (the no-JavaScript form comes back to the page with it). */
  subscribeMessage?: (blockId: string) => string | null;
  /** The A/B test click id the visitor arrived with (`lh_click`), posted with a sign-up so the test counts it (D-321). */
  clickId?: string;
  /** The page's language: the visitor-facing strings of blocks come from its catalog (D-602). */
  lang?: string;
}

/** An image source made absolute against `assetBase` when it is an asset path. */
export function resolveAsset(src: string, assetBase: string | undefined): string {
  if (!src.startsWith('/') || assetBase === undefined) return src;
  return assetBase.replace(/\/+$/, '') + src;
}
