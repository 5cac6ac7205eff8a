import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { enqueueBestEffort } from './enqueue-best-effort';
import type { JobRequest } from './producer';

const job = (queue: string, jobId: string) =>
  ({ queue, name: queue, data: {}, jobId }) as unknown as JobRequest;

describe('enqueueBestEffort', () => {
  it('sends the jobs together, and one by one when that fails, so one refused job keeps no other back', async () => {
    const sent: string[][] = [];
    const warned: string[] = [];
    const send = async (jobs: readonly JobRequest[]) => {
      sent.push(jobs.map((j) => j.jobId ?? ''));
      if (jobs.some((j) => j.jobId === 'bad')) throw new Error('refused');
    };
    const logger = createLogger('test', { level: 'silent' });
    logger.warn = ((_fields: object, message: string) => void warned.push(message)) as typeof logger.warn;
    await enqueueBestEffort(send, logger, [job('a', 'one'), job('b', 'bad'), job('c', 'two')]);
    expect(sent).toEqual([['one', 'bad', 'two'], ['one'], ['bad'], ['two']]);
    expect(warned).toEqual(['enqueue failed']);
  });

  it('sends nothing for no jobs, and never throws', async () => {
    let calls = 0;
    const silent = createLogger('test', { level: 'silent' });
    await enqueueBestEffort(async () => void (calls += 1), silent, []);
    expect(calls).toBe(0);
    await expect(
      enqueueBestEffort(async () => Promise.reject(new Error('down')), { warn: () => undefined }, [
        job('a', 'x'),
      ]),
    ).resolves.toBeUndefined();
  });
});
