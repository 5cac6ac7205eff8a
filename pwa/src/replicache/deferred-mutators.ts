import type { WriteTransaction } from 'replicache';
import type { ClientMutators } from '@linkhub/shared/mutators/index';

type Mutator<A> = (tx: WriteTransaction, args: A) => Promise<void>;

let loading: Promise<ClientMutators> | null = null;

/**
 * The shared mutators and their zod schemas, loaded once. Building those schemas was most of the
 * editor's startup script, and the list needs none of them: they load at the first
 * mutation (or replay of a pending one). The service worker precaches the chunk, so this works offline.
 */
export function loadMutators(): Promise<ClientMutators> {
  loading ??= import('@linkhub/shared/mutators/index').then(
    (m) => m.clientMutators,
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

const later =
  <A>(pick: (mutators: ClientMutators) => Mutator<A>): Mutator<A> =>
  async (tx, args) =>
    pick(await loadMutators())(tx, args);

/**
 * The map handed to `new Replicache`: one entry per shared mutator, each running the real one once
 * loaded. Replicache names its client group after these keys, so they must be exactly the shared
 * set; the type (every key of ClientMutators, nothing else) makes a new mutator a compile error here.
 */
export const deferredMutators: ClientMutators = {
  createLink: later((m) => m.createLink),
  updateLink: later((m) => m.updateLink),
  pauseLink: later((m) => m.pauseLink),
  resumeLink: later((m) => m.resumeLink),
  archiveLink: later((m) => m.archiveLink),
  restoreLink: later((m) => m.restoreLink),
  setLinkPassword: later((m) => m.setLinkPassword),
  createQrCode: later((m) => m.createQrCode),
  updateQrCode: later((m) => m.updateQrCode),
  archiveQrCode: later((m) => m.archiveQrCode),
  restoreQrCode: later((m) => m.restoreQrCode),
  createPage: later((m) => m.createPage),
  updatePage: later((m) => m.updatePage),
  publishPage: later((m) => m.publishPage),
  unpublishPage: later((m) => m.unpublishPage),
  archivePage: later((m) => m.archivePage),
  restorePageVersion: later((m) => m.restorePageVersion),
  addBlock: later((m) => m.addBlock),
  updateBlock: later((m) => m.updateBlock),
  moveBlock: later((m) => m.moveBlock),
  removeBlock: later((m) => m.removeBlock),
  restoreBlock: later((m) => m.restoreBlock),
  addDomain: later((m) => m.addDomain),
  removeDomain: later((m) => m.removeDomain),
  verifyDomain: later((m) => m.verifyDomain),
  updateDomain: later((m) => m.updateDomain),
  retryDomainCertificate: later((m) => m.retryDomainCertificate),
  updateWorkspaceSettings: later((m) => m.updateWorkspaceSettings),
  dismissNotice: later((m) => m.dismissNotice),
  createExperiment: later((m) => m.createExperiment),
  updateExperiment: later((m) => m.updateExperiment),
  startExperiment: later((m) => m.startExperiment),
  pauseExperiment: later((m) => m.pauseExperiment),
  concludeExperiment: later((m) => m.concludeExperiment),
  promoteExperiment: later((m) => m.promoteExperiment),
  archiveExperiment: later((m) => m.archiveExperiment),
  createFolder: later((m) => m.createFolder),
  updateFolder: later((m) => m.updateFolder),
  deleteFolder: later((m) => m.deleteFolder),
};
