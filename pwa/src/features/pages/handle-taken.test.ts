import { describe, expect, it } from 'vitest';
import { handleTaken } from './handle-taken';

describe('a handle already taken in the workspace', () => {
  const pages = [{ handle: 'maya' }];
  it('is flagged before save, whatever the case typed', () => {
    expect(handleTaken(pages, 'Maya ')).toMatch(/already uses the handle “maya”/);
  });
  it('is not flagged for a free or empty handle', () => {
    expect(handleTaken(pages, 'maya2')).toBeNull();
    expect(handleTaken(pages, '')).toBeNull();
  });
});
