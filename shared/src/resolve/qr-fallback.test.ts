import { describe, expect, it } from 'vitest';
import { qrFallback } from './qr-fallback';

const branding = {
  workspace_name: 'Acme',
  title: null,
  message: null,
  logo_url: null,
  background: null,
  foreground: null,
  link_url: null,
};

describe('qrFallback', () => {
  it('rung 1: live destination', () => {
    expect(
      qrFallback({ liveDestination: 'https://live', lastGoodDestination: 'https://old', branding }),
    ).toEqual({ rung: 'live', location: 'https://live' });
  });
  it('rung 2: last good destination', () => {
    expect(qrFallback({ liveDestination: null, lastGoodDestination: 'https://old', branding })).toEqual({
      rung: 'last_good',
      location: 'https://old',
    });
  });
  it('rung 3: branded holding page', () => {
    expect(qrFallback({ liveDestination: null, lastGoodDestination: null, branding })).toEqual({
      rung: 'holding_page',
      branding,
    });
  });
  it('rung 4: generic page', () => {
    expect(qrFallback({ liveDestination: null, lastGoodDestination: null, branding: null })).toEqual({
      rung: 'generic_page',
    });
  });
});
