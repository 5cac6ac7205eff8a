import type { BlockView } from '@linkhub/shared/sync/views';

/**
 * The public page cannot take sign-ups yet (no lead store: the edge answers 503 “Sign-ups are not
 * open yet”), so the builder says so where the block is edited and does not publish a visible one.
 */
export const EMAIL_CAPTURE_NOT_LIVE =
  'Email sign-ups are not collected yet: visitors who send this form get “Sign-ups are not open yet” and no address is kept. A page with a visible sign-up block cannot be published until then; hide the block to publish the rest.';

/** The visible email sign-up blocks, which keep the page from being published. */
export function publishBlockers(blocks: readonly BlockView[]): BlockView[] {
  return blocks.filter((b) => b.type === 'email_capture' && b.is_visible);
}
