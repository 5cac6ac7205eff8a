/**
 * Runs the given tasks one at a time in call order (a promise chain). The consumers of one process
 * take their rollup upsert + COMMIT through it: they touch the same rollup rows, and waiting here
 * costs nothing, while waiting on each other's row locks inside PostgreSQL cost it CPU (measured:
 * D-133).
 */
export function createSerialLane() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(task: () => Promise<T>): Promise<T> {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
export type SerialLane = ReturnType<typeof createSerialLane>;
