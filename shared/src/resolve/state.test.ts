import { describe, expect, it } from 'vitest';
import { payloadFixture } from './fixtures';
import { evaluateState, resourceState } from './state';

const now = new Date('2026-06-01T12:00:00Z');

describe('evaluateState', () => {
  it('is active with no window', () => {
    expect(evaluateState(payloadFixture(), now)).toBe('active');
  });
  it('is scheduled before starts_at and active from it', () => {
    expect(evaluateState(payloadFixture({ starts_at: '2026-06-01T12:00:01Z' }), now)).toBe('scheduled');
    expect(evaluateState(payloadFixture({ starts_at: '2026-06-01T12:00:00Z' }), now)).toBe('active');
  });
  it('is expired at and after expires_at', () => {
    expect(evaluateState(payloadFixture({ expires_at: '2026-06-01T12:00:00Z' }), now)).toBe('expired');
    expect(evaluateState(payloadFixture({ expires_at: '2026-06-01T12:00:01Z' }), now)).toBe('active');
  });
  it('is paused, archived, downgrade-locked', () => {
    expect(evaluateState(payloadFixture({ status: 'paused' }), now)).toBe('paused');
    expect(evaluateState(payloadFixture({ status: 'archived' }), now)).toBe('archived');
    expect(evaluateState(payloadFixture({ locked: true }), now)).toBe('downgrade_locked');
  });
  it('treats a workspace that no longer serves as archived', () => {
    expect(evaluateState(payloadFixture({ workspace_active: false }), now)).toBe('archived');
  });
  it('orders the most final state first', () => {
    expect(evaluateState(payloadFixture({ status: 'archived', locked: true }), now)).toBe('archived');
    expect(evaluateState(payloadFixture({ status: 'paused', locked: true }), now)).toBe('downgrade_locked');
    expect(evaluateState(payloadFixture({ status: 'paused', expires_at: '2026-01-01T00:00:00Z' }), now)).toBe(
      'paused',
    );
  });
});

describe('resourceState (the editor reads the edge rule)', () => {
  const row = { status: 'active', starts_at: null, expires_at: null, archived_at: null, locked: false };
  it('a paused link past its expiry is paused, as the edge serves it', () => {
    expect(resourceState({ ...row, status: 'paused', expires_at: '2026-01-01T00:00:00Z' }, now)).toBe(
      'paused',
    );
    expect(evaluateState(payloadFixture({ status: 'paused', expires_at: '2026-01-01T00:00:00Z' }), now)).toBe(
      'paused',
    );
  });
  it('maps archived, scheduled, expired and locked rows', () => {
    expect(resourceState({ ...row, archived_at: '2026-05-01T00:00:00Z', status: 'paused' }, now)).toBe(
      'archived',
    );
    expect(resourceState({ ...row, starts_at: '2026-07-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(resourceState({ ...row, expires_at: '2026-05-01T00:00:00Z' }, now)).toBe('expired');
    expect(resourceState({ ...row, locked: true }, now)).toBe('downgrade_locked');
    expect(resourceState(row, now)).toBe('active');
  });
});
