/** What other resources may use of folders (D-532): the scoped member's view of folders, for the link list. */
export { GRANTED_FOLDER_CLAUSE } from './queries';
