import { describe, expect, it } from 'vitest';
import { edgeUrlFromPage } from '../../config/edge-url';
import { shortUrl } from './link-filter';

describe('shortUrl', () => {
  it('gives a dev-stack address that opens on the local edge, and https for production hosts', () => {
    expect(shortUrl({ host: 'lnk.localhost', slug: 'docs' }, 'http://localhost:8787')).toBe(
      'http://lnk.localhost:8787/docs',
    );
    expect(shortUrl({ host: 'go.acme.com', slug: 'docs' }, 'http://localhost:8787')).toBe(
      'https://go.acme.com/docs',
    );
    expect(shortUrl({ host: 'lnk.localhost', slug: '' }, null)).toBe('');
  });

  it('reads the edge URL from the meta tag the server put into index.html', () => {
    const doc = {
      querySelector: (selector: string) =>
        selector === 'meta[name="linkhub-edge-url"]' ? { getAttribute: () => 'http://localhost:9999' } : null,
    };
    expect(edgeUrlFromPage(doc as unknown as Pick<Document, 'querySelector'>)).toBe('http://localhost:9999');
    expect(edgeUrlFromPage({ querySelector: () => null })).toBeNull();
  });
});
