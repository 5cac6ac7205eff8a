import { describe, expect, it } from 'vitest';
import { AppError, EntitlementError, NotFoundError } from '../errors/app-error';
import { toErrorEnvelope } from '../errors/envelope';
import { authorize } from './authorize';
import { assertAllowed, denialError } from './decision';
import { happyInput, resourceFor, workspace } from './fixtures';

describe('from a decision to the error envelope', () => {
  it('a plan limit says which and how many: none at all, one, or many', () => {
    const messageOf = (
      plan: 'free' | 'pro',
      usage: Record<string, number>,
      action: 'domain.create' | 'member.invite' | 'link.create',
    ) => {
      const decision = authorize(happyInput(action, 'owner', false, { workspace: workspace(plan), usage }));
      if (decision.allow) throw new Error('expected a denial');
      return denialError(decision).message;
    };
    expect(messageOf('free', { custom_domains: 0 }, 'domain.create')).toBe(
      'The Free plan does not include custom domains.',
    );
    expect(messageOf('free', { members: 1 }, 'member.invite')).toBe(
      'The Free plan includes 1 member, already in use.',
    );
    expect(messageOf('pro', { links: 2000 }, 'link.create')).toBe(
      'The Pro plan includes 2,000 short links, all in use.',
    );
  });

  it('a denial becomes the AppError of its code, with its details, in the one envelope', () => {
    const decision = authorize(
      happyInput('bio_page.create', 'editor', false, {
        workspace: workspace('pro'),
        usage: { bio_pages: 10 },
      }),
    );
    if (decision.allow) throw new Error('expected a denial');
    const error = denialError(decision);
    expect(error).toBeInstanceOf(EntitlementError);
    expect(toErrorEnvelope(error, 'req_9')).toEqual({
      status: 403,
      body: {
        error: {
          code: 'plan_limit_reached',
          message: 'The Pro plan includes 10 bio pages, all in use.',
          details: [
            {
              field: 'bio_pages',
              issue: 'limit_reached',
              limit: 10,
              current: 10,
              plan: 'pro',
              kind: 'count',
            },
          ],
          request_id: 'req_9',
        },
      },
    });
  });

  it('assertAllowed throws a denial and passes an allow', () => {
    expect(() => assertAllowed(authorize(happyInput('link.view', 'viewer')))).not.toThrow();
    expect(() =>
      assertAllowed(authorize(happyInput('link.view', 'viewer', false, { membership: null }))),
    ).toThrow(NotFoundError);
    try {
      assertAllowed(authorize(happyInput('link.update', 'viewer')));
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'insufficient_role', status: 403 });
    }
  });

  it('refuses to decide without the data a row needs (a caller bug, never a silent allow)', () => {
    expect(() => authorize(happyInput('link.update', 'owner', false, { resource: undefined }))).toThrow(
      /needs the link/,
    );
    expect(() =>
      authorize(happyInput('link.update', 'owner', false, { resource: resourceFor('qr_code.update') })),
    ).toThrow(/addresses a link/);
    expect(() => authorize(happyInput('workspace.create', 'owner', false, { account: undefined }))).toThrow(
      /billing account/,
    );
  });
});
