/** Polls until `check` holds (sync, caches and ingest are asynchronous), failing with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline)
      throw new Error(`${what} not met within ${timeoutMs / 1000} s; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}
