/** Reads an SSE stream (the poke channel) until an event of the given name arrives, or fails after `timeoutMs`. */
export async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  name: string,
  timeoutMs = 5000,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
    ]);
    if (chunk === null || chunk.done) break;
    buffered += decoder.decode(chunk.value);
    if (buffered.includes(`event: ${name}`)) return;
  }
  throw new Error(`no ${name} event; got: ${buffered}`);
}
