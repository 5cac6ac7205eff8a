import { createLink } from '@linkhub/shared/mutators/links';
import { createKeptDrafts } from './kept-drafts';
import type { LinkDraft } from './link-editor';

/** Typed values of creates not yet confirmed by the server (a refused create reopens with them). */
export const keptLinkDrafts = createKeptDrafts<LinkDraft>(createLink.name);
