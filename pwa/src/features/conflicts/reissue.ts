import { keepMineArgs, type ConflictDetail } from '@linkhub/shared/mutators/base';
import type { Rep } from '../../replicache/create-rep';
import { updateLinkArgs } from '@linkhub/shared/mutators/links';
import { updateBlockArgs, updatePageArgs } from '@linkhub/shared/mutators/pages';
import { updateQrCodeArgs } from '@linkhub/shared/mutators/qr-codes';
import { updateDomainArgs } from '@linkhub/shared/mutators/domains';
import { updateWorkspaceSettingsArgs } from '@linkhub/shared/mutators/workspace';
import { updateExperimentArgs } from '@linkhub/shared/experiments/schemas';

/**
 * "Keep mine" on a conflict (D-500): the author's value issued again as a fresh edit, its base the
 * value now stored, through the mutator that met the conflict (checked by that mutator's schema).
 */
export async function reissueMine(rep: Rep, detail: ConflictDetail): Promise<void> {
  const args = keepMineArgs(detail);
  switch (detail.mutation) {
    case 'updatePage':
      return rep.mutate.updatePage(updatePageArgs.parse(args));
    case 'updateBlock':
      return rep.mutate.updateBlock(updateBlockArgs.parse(args));
    case 'updateLink':
      return rep.mutate.updateLink(updateLinkArgs.parse(args));
    case 'updateQrCode':
      return rep.mutate.updateQrCode(updateQrCodeArgs.parse(args));
    case 'updateDomain':
      return rep.mutate.updateDomain(updateDomainArgs.parse(args));
    case 'updateWorkspaceSettings':
      return rep.mutate.updateWorkspaceSettings(updateWorkspaceSettingsArgs.parse(args));
    case 'updateExperiment':
      return rep.mutate.updateExperiment(updateExperimentArgs.parse(args));
    default:
      throw new Error(`No way to issue ${detail.mutation} again.`);
  }
}
