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

type Answer<T> = { rep: Rep; deps: readonly unknown[]; value: T };

export function useSubscribeOn<T>(
  rep: Rep,
  query: (tx: ReadTransaction) => Promise<T>,
  initial: T,
  deps: readonly unknown[],
): T {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    // A transition: React renders the new answer in slices of a few ms, yielding in between, so a
    // screen mounting on the store's first answer is no long task.
    return rep.subscribe(query, {
      onData: (value) => startTransition(() => setAnswer({ rep, deps, value })),
    });
  }, [rep, ...deps]);
  // An answer belongs to the query it came from: until the new one answers (a tick after the
  // address changed), show `initial`, never the previous link's or workspace's rows.
  return answer !== null && answersFor(answer, rep, deps) ? answer.value : initial;
}

function answersFor<T>(answer: Answer<T>, rep: Rep, deps: readonly unknown[]): boolean {
  return (
    answer.rep === rep &&
    answer.deps.length === deps.length &&
    answer.deps.every((dep, i) => Object.is(dep, deps[i]))
  );
}
