import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostnameSchema } from '../../schemas/common';
import { confusableSkeleton, customHostRefusal } from './host-policy';

const SYSTEM = ['lnk.linkhub.app', 'bio.linkhub.app'];
const refusal = (typed: string) => {
  const host = hostnameSchema.parse(typed);
  return customHostRefusal(host, SYSTEM)?.issue ?? 'accepted';
};

describe('which host names a workspace may claim', () => {
  it.each([
    ['co.uk', 'public_suffix'],
    ['github.io', 'public_suffix'],
    ['s3.amazonaws.com', 'public_suffix'],
    ['foo.localhost', 'reserved_name'],
    ['shop.example', 'reserved_name'],
    ['nas.local', 'reserved_name'],
    ['api.test', 'reserved_name'],
    ['x.invalid', 'reserved_name'],
    ['corp.internal', 'reserved_name'],
    ['lnk.l\u0456nkhub.app', 'system_lookalike'],
    ['lnk.xn--lnkhub-pvf.app', 'system_lookalike'],
    ['go.lnk.linkh\u03c5b.app', 'system_lookalike'],
    ['\u04cfnk.linkhub.app', 'system_lookalike'],
    ['lnk.1inkhub.app', 'system_lookalike'],
    ['links.acme.co.uk', 'accepted'],
    ['maya.github.io', 'accepted'],
    ['go.maya-prints.com', 'accepted'],
    ['links.пример.рф', 'accepted'],
    ['linkhub-fans.app', 'accepted'],
  ])('%s → %s', (host, issue) => {
    expect(refusal(host)).toBe(issue);
  });

  it('an IP literal is never a custom domain', () => {
    expect(customHostRefusal('203.0.113.9', SYSTEM)?.issue).toBe('ip_address');
    expect(customHostRefusal('[2001:db8::1]', SYSTEM)?.issue).toBe('ip_address');
  });

  it('the skeleton folds look-alikes to the letters they imitate', () => {
    expect(confusableSkeleton('xn--lnkhub-pvf.app')).toBe('linkhub.app');
    expect(confusableSkeleton('ｇｏ.rnaya.com')).toBe('go.maya.com');
  });

  it('property: any host the schema accepts is judged without throwing, and a public suffix is always refused', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        const parsed = hostnameSchema.safeParse(domain);
        if (!parsed.success) return;
        const verdict = customHostRefusal(parsed.data, SYSTEM);
        expect(verdict === null || verdict.message.length > 0).toBe(true);
        const tld = parsed.data.split('.').pop() ?? '';
        expect(customHostRefusal(`${tld}`, SYSTEM)).not.toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('property: a subdomain of any accepted name under a public suffix is accepted too (ownership goes down the tree)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/),
        fc.constantFrom('acme.co.uk', 'maya.github.io', 'shop.com.au', 'brand.de'),
        (label, owned) => {
          expect(customHostRefusal(owned, SYSTEM)).toBeNull();
          expect(customHostRefusal(`${label}.${owned}`, SYSTEM)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
