import type { ClientMutators } from '@linkhub/shared/mutators/index';
import { createKeptDrafts } from '../../drafts/kept-drafts';
import type { LinkDraft } from './link-diff';

/** Typed values of creates not yet confirmed by the server (a refused create reopens with them). */
export const keptLinkDrafts = createKeptDrafts<LinkDraft>('createLink' satisfies keyof ClientMutators);
