import { describe, expect, it } from 'vitest';
import { publicAddress } from './public-address';

describe('publicAddress', () => {
  it('opens a dev host on the local edge, keeping the host so the edge can route it', () => {
    expect(publicAddress('lnk.localhost', 'docs', 'http://localhost:8787')).toBe(
      'http://lnk.localhost:8787/docs',
    );
    expect(publicAddress('bio.localhost', '/demo', 'http://localhost:8787')).toBe(
      'http://bio.localhost:8787/demo',
    );
  });

  it('leaves production hosts on https without a port', () => {
    expect(publicAddress('go.example.com', 'docs', 'http://localhost:8787')).toBe(
      'https://go.example.com/docs',
    );
    expect(publicAddress('lnk.localhost', 'docs', null)).toBe('https://lnk.localhost/docs');
  });
});
