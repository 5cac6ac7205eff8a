import type { ClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { Context } from 'hono';
import type { BlockOf, PageSnapshot, SnapshotBlock } from '@linkhub/shared/blocks/snapshot';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { SubscribeResult } from '../leads/lead-capture';

/** Where published snapshots come from; the edge implements it over Redis `page:{host}:{handle}` + PostgreSQL. */
export interface PageSnapshotSource {
  /** The published page with this (lower-case) handle on this canonical host, or null. */
  getPublished(host: string, handle: string): Promise<PageSnapshot | null>;
  /** The published page at a custom domain's root, or null; leave out to not serve `GET /`. */
  getRoot?(host: string): Promise<PageSnapshot | null>;
}

export interface BioPageView {
  c: Context;
  host: string;
  /** The page as this visitor got it (under a running experiment: their variant). */
  page: PageSnapshot;
  /** The experiment variant the visitor got, or null. */
  variantId: string | null;
}

export interface BioClick extends BioPageView {
  block: SnapshotBlock;
  /** Which link of the block (social icons); 0 otherwise. */
  index: number;
  destination: string;
}

export interface BioSubscription extends BioPageView {
  block: BlockOf<'email_capture'>;
  email: string;
  /** The A/B test click id posted with the form (checked: a well-formed `lh_click`), or null. */
  clickId: string | null;
}

export interface BioPageDeps {
  pages: PageSnapshotSource;
  /** Called, never awaited, after a page is rendered; failures are logged and swallowed. */
  onPageView?: (view: BioPageView) => void | Promise<void>;
  /** Called, never awaited, before the hop's 302; failures are logged and swallowed. */
  onClick?: (click: BioClick) => void | Promise<void>;
  /** Takes a sign-up (rate limit + enqueue, edge/src/leads); absent: the form says nothing was saved. */
  onSubscribe?: (subscription: BioSubscription) => Promise<SubscribeResult>;
  /** `createBioPageRoutes` only: the canonical host of a request; default: the Host header via `canonicalHost`. */
  hostOf?: (c: Context) => string | null;
  /**
   * The visitor's day-salted hash, asked only for a page running an experiment (the variant is picked
   * from it, so no cookie and nothing stored); absent or null: the page as published.
   */
  visitorHashOf?: (c: Context, page: PageSnapshot) => string | null | Promise<string | null>;
  /** Checks the click id a page carries into its sign-up form (D-491); absent: none is carried. */
  clickIdKeys?: ClickIdKeyring;
  /** Prefix for asset paths in snapshots (`/assets/…`). */
  assetBase?: string;
  /** The clock scheduled blocks are shown by (ms); default `Date.now` (D-605). */
  now?: () => number;
  logger?: Logger;
}
