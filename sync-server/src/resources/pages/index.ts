/** What other resources may use of pages (D-532): an experiment's promote writes a page's draft and publishes it. */
export { loadPage, publishDraft, recordDraft } from './page-steps';
export { pageWithBlocksSchema } from './operations';
