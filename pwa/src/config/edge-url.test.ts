import { describe, expect, it } from 'vitest';
import { EDGE_URL_META } from '@linkhub/shared/url/public-address';
import { edgeUrlFromPage } from './edge-url';

/** A stand-in for the page's <head>: the one meta tag the server writes, or none. */
const page = (meta: Record<string, string>): Pick<Document, 'querySelector'> => ({
  querySelector: (selector: string) => {
    const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1] ?? '';
    const content = meta[name];
    return content === undefined ? null : ({ getAttribute: () => content } as unknown as Element);
  },
});

describe('edgeUrlFromPage', () => {
  it('reads the edge’s public URL the server put into the page', () => {
    expect(edgeUrlFromPage(page({ [EDGE_URL_META]: 'https://lnk.example' }))).toBe('https://lnk.example');
  });

  it('is null without the tag, with an empty one, or without a document (a worker, the tests)', () => {
    expect(edgeUrlFromPage(page({}))).toBeNull();
    expect(edgeUrlFromPage(page({ [EDGE_URL_META]: '' }))).toBeNull();
    expect(edgeUrlFromPage(undefined)).toBeNull();
  });
});
