import { PostCommitEffects } from './effects';
import type { TxScope } from './runner';

/**
 * One item of a batch that shares a transaction (a push's mutation, a bulk request's link), isolated
 * in a savepoint: when `fn` throws, the rows it wrote and the post-commit effects it scheduled are
 * dropped, the transaction stays usable for the next item, and the error is rethrown for the caller
 * to classify. On success its effects join the batch's.
 */
export async function inItemSavepoint<T>(scope: TxScope, fn: (item: TxScope) => Promise<T>): Promise<T> {
  const effects = new PostCommitEffects();
  // Not released: the next item's SAVEPOINT of the same name nests, and ROLLBACK TO takes the newest
  // (one round trip per item instead of two).
  await scope.tx.query('SAVEPOINT item');
  let result: T;
  try {
    result = await fn({ ...scope, effects });
  } catch (error) {
    // If this fails too, the connection is gone: that error, not the item's, is what the caller must see.
    await scope.tx.query('ROLLBACK TO SAVEPOINT item');
    throw error;
  }
  scope.effects.absorb(effects);
  return result;
}
