import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditActor, auditSentence } from './audit-sentence';

describe('audit entries in words', () => {
  it('names the resource and what happened to it', () => {
    expect(
      auditSentence({ action: 'link.created', resource_type: 'link', resource_name: 'Spring sale' }),
    ).toBe('Link “Spring sale” created');
    expect(
      auditSentence({ action: 'domain.added', resource_type: 'domain', resource_name: 'xn--mnchen-3ya.de' }),
    ).toBe('Domain “münchen.de” added');
    // A host that could pass for another stays in ASCII (D-438).
    expect(
      auditSentence({ action: 'domain.added', resource_type: 'domain', resource_name: 'xn--80ak6aa92e.com' }),
    ).toBe('Domain “xn--80ak6aa92e.com” added');
    expect(auditSentence({ action: 'account.two_factor_enabled', resource_type: 'user' })).toBe(
      'Account two-factor enabled',
    );
    // An action domain that is also an Object.prototype key is words, not a function.
    expect(auditSentence({ action: 'constructor.created', resource_type: null })).toBe('Constructor created');
    expect(
      auditSentence({ action: 'bio_page.published', resource_type: 'bio_page', resource_name: null }),
    ).toBe('Bio page published');
  });

  it('says where a re-pointed QR code went, in the addresses the editor shows', () => {
    expect(
      auditSentence({
        action: 'qr_code.destination_changed',
        resource_type: 'qr_code',
        resource_name: 'Menu card',
        changes: {
          before: { destination_url: 'https://example.com/menu' },
          after: { destination_url: 'https://xn--mnchen-3ya.de/karte', design_changed: false },
        },
      }),
    ).toBe(
      'QR code “Menu card” destination changed from https://example.com/menu to https://münchen.de/karte',
    );
  });

  it('reads any action, name and changes without throwing, and names the resource as stored', () => {
    const changes = fc.oneof(
      fc.anything(),
      fc.record({
        before: fc.record({ destination_url: fc.string() }),
        after: fc.record({ destination_url: fc.string() }),
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom('link', 'qr_code', 'bio_page', 'experiment', null),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        changes,
        (action, type, name, change) => {
          const sentence = auditSentence({
            action,
            resource_type: type,
            resource_name: name,
            changes: change,
          });
          if (name !== null) expect(sentence).toContain(`“${name}”`);
        },
      ),
    );
  });
});

describe('who made an audit entry', () => {
  it('names a member by address, an API key by its name, and LinkHub itself', () => {
    expect(auditActor({ type: 'user', email: 'ana@example.com' })).toBe('ana@example.com');
    expect(auditActor({ type: 'api_key', email: null, api_key_name: 'Zapier' })).toBe('API key “Zapier”');
    expect(auditActor({ type: 'api_key', email: null, api_key_name: null })).toBe('An API key');
    expect(auditActor({ type: 'api_key', email: 'ana@example.com', api_key_name: 'Zapier' })).toBe(
      'API key “Zapier” (ana@example.com)',
    );
    expect(auditActor({ type: 'system', email: null })).toBe('LinkHub');
  });
});
