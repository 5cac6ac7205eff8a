import { describe, expect, it } from 'vitest';
import { loadDesktopConfig } from './config';

describe('desktop config', () => {
  it('uses the sync server baked in at build time unless LINKHUB_SYNC_URL overrides it', () => {
    expect(loadDesktopConfig({}, { syncUrl: 'http://localhost:8080' })).toEqual({
      syncOrigin: 'http://localhost:8080',
    });
    expect(
      loadDesktopConfig(
        { LINKHUB_SYNC_URL: 'https://sync.example.com/base/' },
        { syncUrl: 'http://localhost:8080' },
      ),
    ).toEqual({ syncOrigin: 'https://sync.example.com' });
  });

  it('stops with a message naming the variable when it is not an http(s) URL', () => {
    expect(() =>
      loadDesktopConfig({ LINKHUB_SYNC_URL: 'file:///etc' }, { syncUrl: 'http://localhost:8080' }),
    ).toThrow(/LINKHUB_SYNC_URL/);
    expect(() =>
      loadDesktopConfig({ LINKHUB_SYNC_URL: 'nope' }, { syncUrl: 'http://localhost:8080' }),
    ).toThrow(/LINKHUB_SYNC_URL/);
  });
});
