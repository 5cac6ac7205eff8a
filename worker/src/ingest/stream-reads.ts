import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { ReadSize } from './consumer-options';
import { INGEST_GROUP } from './names';
import { parseReadGroupReply, type StreamEntry } from './stream-entries';

type ReadSettings = {
  stream: string;
  size: ReadSize;
  blockMs: number;
  readsPerWrite: number;
  lingerMs: number;
  /** False once the consumer stops: a read that found a few entries then writes them without lingering. */
  running: () => boolean;
};

/** The consumer's reads of new entries (`XREADGROUP … >`) for one transaction. */
export function createStreamReads(settings: ReadSettings) {
  const { stream, size, blockMs, readsPerWrite, lingerMs } = settings;

  async function readNew(name: string, reader: RedisClient, block = true): Promise<StreamEntry[]> {
    const wait = block ? ['BLOCK', String(blockMs)] : [];
    const reply = await reader.call(
      'XREADGROUP',
      'GROUP',
      INGEST_GROUP,
      name,
      'COUNT',
      String(size.entries),
      ...wait,
      'STREAMS',
      stream,
      '>',
    );
    return parseReadGroupReply(reply);
  }

  const lingering = new Set<() => void>();

  /** Waits lingerMs, or less if the consumer stops meanwhile (wakeLingering). */
  function linger(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        lingering.delete(done);
        resolve();
      };
      const timer = setTimeout(done, lingerMs);
      lingering.add(done);
    });
  }

  /** One blocking read, then (when it found entries; after lingerMs when it found less than a full read) more without waiting, up to readsPerWrite reads in all. */
  async function readForWrite(name: string, reader: RedisClient): Promise<StreamEntry[]> {
    const entries = await readNew(name, reader);
    if (entries.length > 0 && entries.length < size.entries && lingerMs > 0 && settings.running()) {
      await linger();
    }
    for (let reads = 1; reads < readsPerWrite && entries.length > 0 && settings.running(); reads += 1) {
      const more = await readNew(name, reader, false);
      if (more.length === 0) break;
      entries.push(...more);
    }
    return entries;
  }

  /** Ends every linger now: a stopping consumer writes what it has read without waiting. */
  function wakeLingering(): void {
    for (const done of [...lingering]) done();
  }

  return { readNew, readForWrite, wakeLingering };
}
