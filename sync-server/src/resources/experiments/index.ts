/** What other resources may use of experiments (D-532): a link's edit asks whether a test decides its visitors. */
export { assertNoTestDecides } from './split-guard';
