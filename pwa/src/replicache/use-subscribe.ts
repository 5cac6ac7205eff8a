import { startTransition, useEffect, useState } from 'react';
import type { ReadTransaction } from 'replicache';
import type { Rep } from './create-rep';
import { useRep } from './rep-context';

/** A live query over the local store: re-renders when the answer changes, works with no network. */
export function useSubscribe<T>(
  query: (tx: ReadTransaction) => Promise<T>,
  initial: T,
  deps: readonly unknown[],
): T {
  const rep = useRep();
  return useSubscribeOn(rep, query, initial, deps);
}

export function useSubscribeOn<T>(
  rep: Rep,
  query: (tx: ReadTransaction) => Promise<T>,
  initial: T,
  deps: readonly unknown[],
): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    // A transition: React renders the new answer in slices of a few ms, yielding in between, so a
    // screen mounting on the store's first answer is no long task (issue 17.13).
    return rep.subscribe(query, { onData: (data) => startTransition(() => setValue(data)) });
  }, [rep, ...deps]);
  return value;
}
