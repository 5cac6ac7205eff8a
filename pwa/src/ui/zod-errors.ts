/** Moved: words for errors live in ./error-messages, copying in ./clipboard. Kept until every import has moved. */
export { fieldErrors } from './error-messages';
export { copyText } from './clipboard';
