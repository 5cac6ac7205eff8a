import { describe, expect, it } from 'vitest';
import { fullSeatsSentence, type Invitation } from './seats';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const invitation = (expires_at: string): Invitation => ({
  id: expires_at,
  email: 'a@example.com',
  role: 'editor',
  status: 'pending',
  expires_at,
});

describe('seats, as the server counts them', () => {
  it('says the plan is full when members and live invitations take every seat', () => {
    expect(fullSeatsSentence('free', 1, [], NOW)).toBe('The Free plan includes 1 member, already in use.');
    expect(fullSeatsSentence('pro', 2, [invitation('2026-12-10T00:00:00Z')], NOW)).toBe(
      'The Pro plan includes 3 members, all in use.',
    );
  });

  it('leaves the form while a seat is free (an expired invitation frees its seat) or the list is not in yet', () => {
    expect(fullSeatsSentence('pro', 2, [], NOW)).toBeNull();
    expect(fullSeatsSentence('pro', 2, [invitation('2026-12-01T00:00:00Z')], NOW)).toBeNull();
    expect(fullSeatsSentence('business', 25, [], NOW)).not.toBeNull();
    expect(fullSeatsSentence('free', 1, null, NOW)).toBeNull();
  });
});
