import { NotFoundError } from '@linkhub/shared/errors/app-error';

/** A row authorize() allowed but the read did not find (deleted meanwhile): the same 404 as a missing id. */
export function notFoundAfterAuthorize<T>(row: T | undefined): T {
  if (row === undefined) throw new NotFoundError();
  return row;
}
