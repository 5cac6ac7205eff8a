import { describe, expect, it } from 'vitest';
import { bioPathOf, dispatch, type EdgeHosts, type EdgeRoute } from './dispatch';

const hosts: EdgeHosts = { linkHost: 'lnk.example', bioHost: 'bio.example' };
const at = (host: string | undefined, path: string, method = 'GET'): EdgeRoute =>
  dispatch({ host, path, method }, hosts);

describe('dispatch', () => {
  it('answers health and ACME on every host, even an unreadable one, for GET and HEAD only', () => {
    for (const host of ['lnk.example', 'bio.example', 'maya.example', undefined, '']) {
      expect(at(host, '/healthz')).toEqual({ kind: 'health' });
      expect(at(host, '/healthz', 'HEAD')).toEqual({ kind: 'health' });
      expect(at(host, '/.well-known/acme-challenge/tok_123')).toEqual({ kind: 'acme', token: 'tok_123' });
    }
    expect(at('lnk.example', '/healthz', 'POST')).toEqual({ kind: 'not_found' });
    expect(at('bio.example', '/.well-known/acme-challenge/a%2Db')).toEqual({ kind: 'acme', token: 'a-b' });
    // not one token: the host decides, as for any other path
    expect(at('lnk.example', '/.well-known/acme-challenge/a/b')).toEqual({ kind: 'not_found' });
    expect(at('lnk.example', '/.well-known/acme-challenge/')).toEqual({ kind: 'not_found' });
  });

  it('routes GET and HEAD /{slug} on the link host and custom domains to a redirect, host and slug canonical', () => {
    expect(at('LNK.example:8787', '/%53pring')).toEqual({
      kind: 'redirect',
      host: 'lnk.example',
      slug: 'spring',
    });
    expect(at('lnk.example', '/menu', 'HEAD')).toEqual({
      kind: 'redirect',
      host: 'lnk.example',
      slug: 'menu',
    });
    expect(at('Go.Customer.test.', '/Promo')).toEqual({
      kind: 'redirect',
      host: 'go.customer.test',
      slug: 'promo',
    });
    // decoded once: an encoded percent sign stays a percent sign
    expect(at('lnk.example', '/50%2525')).toEqual({ kind: 'redirect', host: 'lnk.example', slug: '50%25' });
  });

  it('answers not found on the link host for anything but a slug, and for a segment that cannot be a slug', () => {
    for (const [path, method] of [
      ['/', 'GET'],
      ['/a/b', 'GET'],
      ['/spring', 'PUT'],
      ['/spring//', 'GET'],
      [`/${'x'.repeat(101)}`, 'GET'],
      ['/a%2Fb', 'GET'],
      ['/%00', 'GET'],
    ] as const) {
      expect(at('lnk.example', path, method), `${method} ${path}`).toEqual({ kind: 'not_found' });
    }
    expect(at('maya.example', '/%zz%')).toEqual({ kind: 'not_found' });
  });

  it('reaches the same link or page with a slash typed after it, and a handle written as @handle', () => {
    expect(at('lnk.example', '/Spring/')).toEqual({ kind: 'redirect', host: 'lnk.example', slug: 'spring' });
    expect(at('go.customer.test', '/promo/', 'HEAD')).toEqual({
      kind: 'redirect',
      host: 'go.customer.test',
      slug: 'promo',
    });
    expect(at('bio.example', '/maya/')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'page', handle: 'maya' },
    });
    expect(at('bio.example', '/@maya')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'page', handle: 'maya' },
    });
    expect(bioPathOf('/@maya/', 'GET')).toEqual({ at: 'page', handle: 'maya' });
    // the root, a lone @ and a doubled slash stay what they were
    expect(bioPathOf('/', 'GET')).toEqual({ at: 'root' });
    expect(bioPathOf('/@', 'GET')).toEqual({ at: 'page', handle: '@' });
    expect(bioPathOf('/maya//', 'GET')).toEqual({ at: 'none' });
  });

  it('answers not found for a missing or unreadable Host header', () => {
    for (const host of [undefined, '', '   ', 'a b', 'exa\u0000mple.com'])
      expect(at(host, '/spring')).toEqual({ kind: 'not_found' });
  });

  it('sends everything on the bio host to its pages', () => {
    expect(at('bio.example', '/Maya')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'page', handle: 'Maya' },
    });
    expect(at('bio.example', '/')).toEqual({ kind: 'bio', host: 'bio.example', path: { at: 'root' } });
    expect(at('bio.example', '/maya/l/lnk001')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'hop', handle: 'maya', blockId: 'lnk001', index: null },
    });
    expect(at('bio.example', '/maya/l/soc1/2', 'HEAD')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'hop', handle: 'maya', blockId: 'soc1', index: '2' },
    });
    expect(at('bio.example', '/maya/subscribe', 'POST')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'subscribe', handle: 'maya' },
    });
    expect(at('bio.example', '/maya', 'DELETE')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'none' },
    });
  });

  it('sends the other paths of a custom domain, its root first, to bio pages', () => {
    expect(at('maya.example', '/')).toEqual({ kind: 'bio', host: 'maya.example', path: { at: 'root' } });
    expect(at('maya.example', '/shop/l/lnk001')).toEqual({
      kind: 'bio',
      host: 'maya.example',
      path: { at: 'hop', handle: 'shop', blockId: 'lnk001', index: null },
    });
    expect(at('maya.example', '/shop/subscribe', 'POST')).toEqual({
      kind: 'bio',
      host: 'maya.example',
      path: { at: 'subscribe', handle: 'shop' },
    });
    expect(at('maya.example', '/shop', 'PUT')).toEqual({
      kind: 'bio',
      host: 'maya.example',
      path: { at: 'none' },
    });
  });

  it('routes a password form to its link and `/{slug}+` to its preview, on link hosts only (D-615, D-618)', () => {
    expect(at('lnk.example', '/Spring', 'POST')).toEqual({
      kind: 'unlock',
      host: 'lnk.example',
      slug: 'spring',
    });
    expect(at('maya.example', '/shop', 'POST')).toEqual({
      kind: 'unlock',
      host: 'maya.example',
      slug: 'shop',
    });
    expect(at('lnk.example', '/Spring+')).toEqual({ kind: 'preview', host: 'lnk.example', slug: 'spring' });
    expect(at('go.customer.test', '/promo+', 'HEAD')).toEqual({
      kind: 'preview',
      host: 'go.customer.test',
      slug: 'promo',
    });
    expect(at('lnk.example', '/+')).toEqual({ kind: 'redirect', host: 'lnk.example', slug: '+' });
    expect(at('lnk.example', '/healthz', 'POST')).toEqual({ kind: 'not_found' });
    expect(at('bio.example', '/maya', 'POST')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'none' },
    });
    expect(at('bio.example', '/maya+')).toEqual({
      kind: 'bio',
      host: 'bio.example',
      path: { at: 'page', handle: 'maya+' },
    });
  });
});

describe('bioPathOf', () => {
  it('knows the four bio paths and nothing else', () => {
    expect(bioPathOf('/caf%C3%A9', 'GET')).toEqual({ at: 'page', handle: 'café' });
    expect(bioPathOf('/', 'POST')).toEqual({ at: 'none' });
    for (const path of ['//maya', '/maya/x', '/maya/l', '/maya/l/b/1/2', '/maya/subscribe', 'maya', ''])
      expect(bioPathOf(path, 'GET'), path).toEqual({ at: 'none' });
    expect(bioPathOf('/maya/subscribe/x', 'POST')).toEqual({ at: 'none' });
  });
});
