import { expect } from 'vitest';
import { pgErrorInfo } from './errors';

/** Awaits a promise that must be refused by the database; returns the SQLSTATE/trigger code it failed with. */
export async function refused(
  work: Promise<unknown>,
): Promise<{ sqlState: string; triggerCode: string | undefined; constraint: string | undefined }> {
  let caught: unknown;
  try {
    await work;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'the database should have refused this').toBeDefined();
  const info = pgErrorInfo(caught);
  expect(info, `not a PostgreSQL error: ${String(caught)}`).toBeDefined();
  return { sqlState: info?.sqlState ?? '', triggerCode: info?.triggerCode, constraint: info?.constraint };
}
