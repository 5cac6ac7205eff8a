/** What other resources may use of folders (D-532): the links a scoped member's folder grants reach. */
export { linkIdsInFolders } from './queries';
