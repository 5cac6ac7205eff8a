import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import * as domains from '../resources/domains/commands';
import * as experiments from '../resources/experiments/commands';
import * as folders from '../resources/folders/commands';
import * as leads from '../resources/leads/commands';
import * as links from '../resources/links/commands';
import * as pages from '../resources/pages/commands';
import * as pageBlocks from '../resources/pages/blocks';
import * as pageArchive from '../resources/pages/archive';
import * as qrCodes from '../resources/qr-codes/commands';
import * as webhooks from '../resources/webhooks/commands';
import * as workspaces from '../resources/workspaces/commands';
import { CommandRegistry } from '../kernel/registry';
import type { Command } from '../kernel/types';

/**
 * Every server command, one list of the objects the resources export (D-591). A command is a
 * module-level `export const <mutator>Command = defineCommand(<mutator>, { run, describe?, webhookEvent? })`
 * that takes what it uses from `ctx.deps`; a new one goes into its resource's list below.
 */
export const COMMANDS: readonly Command[] = [
  links.createLinkCommand,
  links.updateLinkCommand,
  links.setLinkPasswordCommand,
  links.pauseLinkCommand,
  links.resumeLinkCommand,
  links.archiveLinkCommand,
  links.restoreLinkCommand,
  folders.createFolderCommand,
  folders.updateFolderCommand,
  folders.deleteFolderCommand,
  qrCodes.createQrCodeCommand,
  qrCodes.updateQrCodeCommand,
  qrCodes.archiveQrCodeCommand,
  qrCodes.restoreQrCodeCommand,
  pages.createPageCommand,
  pages.updatePageCommand,
  pages.publishPageCommand,
  pages.unpublishPageCommand,
  pages.restorePageVersionCommand,
  pageArchive.archivePageCommand,
  pageBlocks.addBlockCommand,
  pageBlocks.updateBlockCommand,
  pageBlocks.moveBlockCommand,
  pageBlocks.removeBlockCommand,
  pageBlocks.restoreBlockCommand,
  domains.addDomainCommand,
  domains.removeDomainCommand,
  domains.verifyDomainCommand,
  domains.updateDomainCommand,
  domains.retryDomainCertificateCommand,
  workspaces.updateWorkspaceSettingsCommand,
  workspaces.dismissNoticeCommand,
  leads.deleteLeadCommand,
  experiments.createExperimentCommand,
  experiments.updateExperimentCommand,
  experiments.startExperimentCommand,
  experiments.pauseExperimentCommand,
  experiments.concludeExperimentCommand,
  experiments.archiveExperimentCommand,
  experiments.promoteExperimentCommand,
  webhooks.createWebhookEndpointCommand,
  webhooks.updateWebhookEndpointCommand,
  webhooks.deleteWebhookEndpointCommand,
  webhooks.rotateWebhookSecretCommand,
  webhooks.replayWebhookDeliveryCommand,
  webhooks.sendTestWebhookCommand,
];

/**
 * The registry of `commands` (every command by default), built at start-up: two commands of one name
 * fail in CommandRegistry, and a mutator without a command fails here, so a mutation a client can
 * queue always has its server side. The webhook event sources come from the commands' own events.
 */
export function commandRegistry(commands: readonly Command[] = COMMANDS): CommandRegistry {
  const registry = new CommandRegistry(commands);
  const names = registry.names();
  const missing = MUTATOR_NAMES.filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`mutators without a command: ${missing.join(', ')}`);
  return registry;
}
