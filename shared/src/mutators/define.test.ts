import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/app-error';
import { updateLink } from './links';
import { updateWorkspaceSettings } from './workspace';
import { MutatorValidationError, validateMutatorArgs } from './define';

/** The client validates with the server's schema first, so the editor shows field errors before saving. */
const ref = {
  id: '0190f1f0-0000-7000-8000-000000000001',
  workspace_id: '0190f1f0-0000-7000-8000-000000000002',
};

describe('client-side mutator validation', () => {
  it('an inverted schedule fails on the device with the field the editor marks, as REST answers it', () => {
    const checked = validateMutatorArgs(updateLink, {
      ...ref,
      starts_at: '2030-06-01T00:00:00Z',
      expires_at: '2030-01-01T00:00:00Z',
    });
    if (checked.ok) throw new Error('accepted an inverted schedule');
    expect(checked.error).toBeInstanceOf(MutatorValidationError);
    expect(checked.error).toBeInstanceOf(ValidationError);
    expect(checked.error.code).toBe('validation_failed');
    expect(checked.error.mutator).toBe('updateLink');
    expect(checked.error.details).toEqual([
      expect.objectContaining({
        field: 'expires_at',
        issue: 'expires_before_start',
        message: 'The expiry must be after the start.',
      }),
    ]);
  });

  it('branding takes the REST fields only, and a value nested too deep is refused before any schema runs', () => {
    const unknown = validateMutatorArgs(updateWorkspaceSettings, {
      workspace_id: ref.workspace_id,
      branding: { logo: { nested: true } },
    });
    expect(unknown.ok ? [] : unknown.error.details.map((d) => [d.field, d.issue])).toContainEqual([
      'branding.logo',
      'unrecognized_key',
    ]);
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = { a: deep };
    const tooDeep = validateMutatorArgs(updateWorkspaceSettings, {
      workspace_id: ref.workspace_id,
      branding: deep,
    });
    expect(tooDeep.ok ? null : tooDeep.error.details[0]).toMatchObject({
      field: 'body',
      issue: 'too_deep',
      maximum: 16,
    });
    expect(
      validateMutatorArgs(updateWorkspaceSettings, {
        workspace_id: ref.workspace_id,
        branding: { primary_color: '#112233' },
      }).ok,
    ).toBe(true);
  });
});
