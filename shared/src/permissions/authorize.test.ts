import { describe, expect, it } from 'vitest';
import { ROLES, cellConditions } from './conditions';
import { authorize } from './authorize';
import { GRANTED, OTHER_WS, happyInput, resourceFor } from './fixtures';
import { ACTIONS, GRANTABLE_TYPES, MATRIX, type Action } from './matrix';
import { governingResource } from './visibility';

/**
 * The matrix, frozen: for each action, the outcome for owner, admin, editor, viewer when every other
 * check passes. Y = allowed, N = 403 insufficient_role, O = 409 last_owner_required (C9).
 */
const EXPECTED: Record<Action, string> = {
  'workspace.create': 'YYYY',
  'workspace.view': 'YYYY',
  'workspace.update_settings': 'YYNN',
  'workspace.update_branding': 'YYNN',
  'workspace.set_two_factor_policy': 'YNNN',
  'workspace.view_quota': 'YYYY',
  'workspace.delete': 'YNNN',
  'workspace.restore': 'YNNN',
  'workspace.transfer_ownership': 'YNNN',
  'workspace.manage_utm_presets': 'YYYN',
  'workspace.leave': 'OYYY',
  'workspace.accept_ownership': 'NYYY',
  'member.list': 'YYYY',
  'member.invite': 'YYNN',
  'member.change_role': 'YYNN',
  'member.suspend': 'YYNN',
  'member.remove': 'YYNN',
  'invitation.list': 'YYNN',
  'invitation.resend': 'YYNN',
  'invitation.revoke': 'YYNN',
  'grant.list': 'YYNN',
  'grant.create': 'YYNN',
  'grant.revoke': 'YYNN',
  'invitation.accept': 'YYYY',
  'billing.view_plan': 'YNNN',
  'billing.view_payment_method': 'YNNN',
  'billing.view_invoices': 'YNNN',
  'billing.update_payment_method': 'YNNN',
  'billing.start_checkout': 'YNNN',
  'billing.change_plan': 'YNNN',
  'billing.cancel_subscription': 'YNNN',
  'billing.update_details': 'YNNN',
  'domain.list': 'YYYY',
  'domain.view': 'YYYY',
  'domain.create': 'YYNN',
  'domain.verify': 'YYNN',
  'domain.update': 'YYNN',
  'domain.rehome_links': 'YYNN',
  'domain.delete': 'YYNN',
  'domain.retry_tls': 'YYNN',
  'bio_page.list': 'YYYY',
  'bio_page.view': 'YYYY',
  'bio_page.create': 'YYYN',
  'bio_page.update': 'YYYN',
  'bio_page.update_theme': 'YYYN',
  'bio_page.change_handle': 'YYYN',
  'block.create': 'YYYN',
  'block.update': 'YYYN',
  'block.delete': 'YYYN',
  'bio_page.publish': 'YYYN',
  'bio_page.unpublish': 'YYYN',
  'bio_page.view_versions': 'YYYY',
  'bio_page.restore_version': 'YYYN',
  'bio_page.duplicate': 'YYYN',
  'bio_page.archive': 'YYYN',
  'bio_page.unarchive': 'YYYN',
  'bio_page.delete': 'YYNN',
  'asset.upload': 'YYYN',
  'asset.delete': 'YYYN',
  'theme.manage': 'YYNN',
  'link.list': 'YYYY',
  'link.import': 'YYYN',
  'link.view': 'YYYY',
  'link.create': 'YYYN',
  'link.update_destination': 'YYYN',
  'link.update': 'YYYN',
  'link.update_slug': 'YYYN',
  'link.update_schedule': 'YYYN',
  'link.update_targeting': 'YYYN',
  'link.update_split': 'YYYN',
  'link.pause': 'YYYN',
  'link.resume': 'YYYN',
  'link.view_versions': 'YYYY',
  'link.archive': 'YYYN',
  'link.delete': 'YYNN',
  'link.unarchive': 'YYYN',
  'link.restore_version': 'YYYN',
  'link.export': 'YYYY',
  'qr_code.list': 'YYYY',
  'qr_code.view': 'YYYY',
  'qr_code.create': 'YYYN',
  'qr_code.update_destination': 'YYYN',
  'qr_code.update_design': 'YYYN',
  'qr_code.update': 'YYYN',
  'qr_code.render': 'YYYY',
  'qr_code.pause': 'YYYN',
  'qr_code.resume': 'YYYN',
  'qr_code.archive': 'YYYN',
  'qr_code.unarchive': 'YYYN',
  'qr_code.view_versions': 'YYYY',
  'qr_code.restore_version': 'YYYN',
  'qr_code.update_fallback': 'YYNN',
  'experiment.list': 'YYYY',
  'experiment.view': 'YYYY',
  'experiment.create': 'YYYN',
  'experiment.update': 'YYYN',
  'experiment.start': 'YYYN',
  'experiment.pause': 'YYYN',
  'experiment.conclude': 'YYYN',
  'experiment.promote': 'YYYN',
  'experiment.archive': 'YYYN',
  'analytics.view': 'YYYY',
  'analytics.view_events': 'YYYY',
  'analytics.export': 'YYYY',
  'report.manage': 'YYYN',
  'analytics.manage_filters': 'YYNN',
  'lead.list': 'YYYN',
  'lead.view': 'YYYN',
  'lead.export': 'YYYN',
  'lead.delete': 'YYNN',
  'lead.manage_sync': 'YYNN',
  'integration.list': 'YYYN',
  'integration.connect': 'YYNN',
  'integration.disconnect': 'YYNN',
  'pixel.manage': 'YYNN',
  'webhook.create': 'YYNN',
  'webhook.update': 'YYNN',
  'webhook.delete': 'YYNN',
  'webhook.view_deliveries': 'YYNN',
  'api_key.list': 'YYYN',
  'api_key.create': 'YYYN',
  'api_key.revoke': 'YYYN',
  'api_key.rotate': 'YYYN',
  'api_key.view_usage': 'YYYN',
  'capability.check': 'YYYY',
  'audit.view': 'YYNN',
  'audit.export': 'YYNN',
  'workspace.export_data': 'YNNN',
  'account.view': 'YYYY',
  'account.update': 'YYYY',
  'account.export_data': 'YYYY',
  'account.delete': 'YYYY',
  'brand_kit.list': 'YYYY',
  'brand_kit.manage': 'YYYN',
  'folder.list': 'YYYY',
  'folder.view': 'YYYY',
  'folder.create': 'YYYN',
  'folder.update': 'YYYN',
  'folder.delete': 'YYYN',
  'utm_preset.list': 'YYYY',
};

const OUTCOME = {
  Y: { allow: true },
  N: { allow: false, status: 403, code: 'insufficient_role' },
  O: { allow: false, status: 409, code: 'last_owner_required' },
} as const;

function outcomeOf(action: Action, roleIndex: number): (typeof OUTCOME)[keyof typeof OUTCOME] {
  const letter = EXPECTED[action].charAt(roleIndex);
  if (letter !== 'Y' && letter !== 'N' && letter !== 'O') throw new Error(`bad expectation for ${action}`);
  return OUTCOME[letter];
}

describe('the permission matrix, every row × every role', () => {
  it('has one expectation per row, rows numbered 1..n in order', () => {
    expect(Object.keys(EXPECTED)).toEqual([...ACTIONS]);
    expect(ACTIONS.map((a) => MATRIX[a].row)).toEqual(ACTIONS.map((_, i) => i + 1));
  });

  for (const action of ACTIONS) {
    describe(`row ${MATRIX[action].row} ${action}`, () => {
      ROLES.forEach((role, index) => {
        for (const scoped of [false, true]) {
          it(`${role}${scoped ? ' (scoped)' : ''}`, () => {
            const decision = authorize(happyInput(action, role, scoped));
            expect(decision).toMatchObject(outcomeOf(action, index));
          });
        }
      });
    });
  }
});

describe('scoping and tenancy on every row that addresses a resource', () => {
  const targeted = ACTIONS.filter((a) => MATRIX[a].target !== undefined);

  for (const action of targeted) {
    const resource = resourceFor(action);
    const governing = resource === undefined ? null : governingResource(resource);
    ROLES.forEach((role, index) => {
      if (outcomeOf(action, index).allow !== true) return;

      it(`${action}: ${role} gets 404 for another workspace's ${MATRIX[action].target}`, () => {
        const foreign = resourceFor(action, { workspace_id: OTHER_WS });
        expect(authorize(happyInput(action, role, false, { resource: foreign }))).toMatchObject({
          allow: false,
          status: 404,
          code: 'not_found',
        });
        expect(authorize(happyInput(action, role, false, { resource: null }))).toMatchObject({
          allow: false,
          status: 404,
          code: 'not_found',
        });
      });

      if (governing === null || role === 'owner') return;
      it(`${action}: scoped ${role} gets 404 (not 403) for an ungranted one, unscoped ${role} is allowed`, () => {
        const ungranted =
          governing.id === resource?.id
            ? resourceFor(action, { id: 'not-granted' })
            : resourceFor(action, { parent: { type: governing.type, id: 'not-granted' } });
        expect(authorize(happyInput(action, role, true, { resource: ungranted }))).toEqual({
          allow: false,
          status: 404,
          code: 'not_found',
          details: [],
        });
        expect(authorize(happyInput(action, role, false, { resource: ungranted }))).toEqual({ allow: true });
      });
    });
  }
});

describe('the matrix data agrees with the spec rules it encodes', () => {
  it('billing is Owner only; leads deny Viewer; audit is not for Editor or Viewer', () => {
    for (const action of ACTIONS) {
      const row = MATRIX[action];
      if (row.domain === 'billing') expect(EXPECTED[action], action).toBe('YNNN');
      if (row.domain === 'leads') expect(EXPECTED[action].charAt(3), action).toBe('N');
      if (row.domain === 'audit') expect(EXPECTED[action].slice(2), action).toBe('NN');
    }
  });

  it('names the rows the spec numbers', () => {
    const rows: Record<number, Action> = {
      11: 'workspace.leave',
      17: 'member.remove',
      24: 'invitation.accept',
      27: 'billing.view_invoices',
      30: 'billing.change_plan',
      50: 'bio_page.publish',
      63: 'link.view',
      64: 'link.create',
      65: 'link.update_destination',
      74: 'link.archive',
      75: 'link.delete',
      109: 'lead.export',
      116: 'webhook.create',
      126: 'audit.view',
      127: 'audit.export',
      128: 'workspace.export_data',
      132: 'account.delete',
    };
    for (const [row, action] of Object.entries(rows)) expect(MATRIX[action].row).toBe(Number(row));
  });

  it('marks C1 exactly where a plan feature or quota applies, C2 on every grantable content row for editors', () => {
    for (const action of ACTIONS) {
      const row = MATRIX[action];
      if (row.account === true) continue;
      const gated = row.feature !== undefined || row.quota !== undefined;
      for (const role of ROLES) {
        const cell = row.roles[role];
        if (cell === 'N') continue;
        expect(cellConditions(cell).includes('C1'), `${action} ${role}`).toBe(gated);
      }
      const target = row.target;
      const grantable =
        target !== undefined &&
        ((GRANTABLE_TYPES as readonly string[]).includes(target) ||
          target === 'experiment' ||
          target === 'lead');
      if (grantable && row.roles.editor !== 'N')
        expect(cellConditions(row.roles.editor), action).toContain('C2');
    }
  });

  it('gives no API key scope to billing, members, audit, GDPR, leads, API keys or account rows', () => {
    for (const action of ACTIONS) {
      const row = MATRIX[action];
      if (['billing', 'members', 'audit', 'gdpr', 'leads', 'api_keys', 'account'].includes(row.domain)) {
        expect(row.api, action).toBeUndefined();
      }
    }
  });

  it('grants only what GRANTED names in the fixtures', () => {
    expect(Object.keys(GRANTED)).toEqual([...GRANTABLE_TYPES]);
  });
});
