import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateDir } from './state-dir';

describe('the launcher state dir', () => {
  it('is .linkhub at the repo root by default', () => {
    expect(stateDir({})).toBe(path.resolve(import.meta.dirname, '../../.linkhub'));
  });
  it('is LINKHUB_STATE_DIR when set, made absolute', () => {
    expect(stateDir({ LINKHUB_STATE_DIR: 'tmp/e2e-state' })).toBe(path.resolve('tmp/e2e-state'));
  });
});
