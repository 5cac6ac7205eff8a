import { describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_REASONS } from '@linkhub/shared/webhooks/schemas';
import { deliveryFailureLabel } from './event-labels';

describe('delivery failure labels', () => {
  it('says every reason the worker records in words, never as its code', () => {
    for (const reason of DELIVERY_FAILURE_REASONS) {
      const label = deliveryFailureLabel(reason);
      expect(label, reason).not.toContain('_');
      expect(label, reason).not.toBe(reason.replace(/_/g, ' '));
    }
    expect(deliveryFailureLabel('unresolvable')).toBe('host not found');
  });

  it('shows a code it has no words for as written, and never an inherited name', () => {
    expect(deliveryFailureLabel('tls_handshake')).toBe('tls handshake');
    expect(deliveryFailureLabel('endpoint disabled')).toBe('endpoint disabled');
    expect(deliveryFailureLabel('constructor')).toBe('constructor');
  });
});
