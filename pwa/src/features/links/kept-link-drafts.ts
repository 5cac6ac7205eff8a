import { createLink } from '@linkhub/shared/mutators/links';
import { createKeptDrafts } from '../../drafts/kept-drafts';
import type { LinkDraft } from './link-diff';

/** Typed values of creates not yet confirmed by the server (a refused create reopens with them). */
export const keptLinkDrafts = createKeptDrafts<LinkDraft>(createLink.name);
