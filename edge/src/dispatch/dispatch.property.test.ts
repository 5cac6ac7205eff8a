import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { canonicalHost } from '@linkhub/shared/resolve/host';
import { dispatch, type DispatchInput, type EdgeHosts, type EdgeRoute } from './dispatch';

const hosts: EdgeHosts = { linkHost: 'lnk.example', bioHost: 'bio.example' };
const KINDS: ReadonlyArray<EdgeRoute['kind']> = [
  'health',
  'acme',
  'redirect',
  'bio',
  'not_found',
  'font',
  'photo',
  'unlock',
  'preview',
];
const pathPart = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'healthz',
    '.well-known',
    'acme-challenge',
    'l',
    'subscribe',
    '%41',
    '%',
    '%zz',
    '',
    'spring+',
    '+',
  ),
);
const input: fc.Arbitrary<DispatchInput> = fc.record({
  host: fc.option(
    fc.oneof(fc.string(), fc.constantFrom(hosts.linkHost, hosts.bioHost, 'maya.example', 'LNK.example:80')),
    { nil: undefined },
  ),
  path: fc.oneof(
    fc.string(),
    fc.array(pathPart, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  ),
  method: fc.oneof(fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'), fc.string()),
});

/** Any Host header, path and method (visitor input, all of it): dispatch never throws, and what it answers follows its rules. */
describe('dispatch, for any host, path and method', () => {
  test.prop([input])('never throws and answers exactly one kind, consistent with its rules', (request) => {
    const route = dispatch(request, hosts);
    expect(KINDS).toContain(route.kind);
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (route.kind === 'health') expect(request.path).toBe('/healthz');
    // A link's password form and preview (D-615, D-618): link hosts only, a canonical slug.
    if (route.kind === 'unlock' || route.kind === 'preview') {
      expect(route.kind === 'unlock' ? request.method === 'POST' : read).toBe(true);
      expect(route.host).not.toBe(hosts.bioHost);
      expect(route.slug.length).toBeGreaterThan(0);
      expect(route.slug).toBe(route.slug.toLowerCase());
    }
    if (route.kind === 'redirect') {
      expect(read).toBe(true);
      expect(route.host).not.toBe(hosts.bioHost);
      expect(canonicalHost(route.host)).toBe(route.host);
      expect(route.slug.length).toBeGreaterThan(0);
      expect(route.slug.length).toBeLessThanOrEqual(100);
      expect(route.slug).toBe(route.slug.toLowerCase());
      expect(route.slug).not.toMatch(/[/?#\s]/);
    }
    if (route.kind === 'bio') {
      expect(route.host).not.toBe(hosts.linkHost);
      expect(canonicalHost(route.host)).toBe(route.host);
    }
    // the same input, the same answer
    expect(dispatch(request, hosts)).toEqual(route);
  });
});
