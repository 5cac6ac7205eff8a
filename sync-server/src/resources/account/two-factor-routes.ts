import { Hono } from 'hono';
import { z } from 'zod';
import QRCode from 'qrcode';
import { AuthenticationError, ConflictError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody } from '../../http/session-context';
import { requireUser } from '../../http/session';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import { markSessionTwoFactor } from '../../identity/sessions';
import {
  beginEnrolment,
  checkTotp,
  confirmEnrolment,
  disableTwoFactor,
  remainingRecoveryCodes,
  replaceRecoveryCodes,
} from '../../identity/two-factor';
import { base32Encode } from '../../identity/base32';

const codeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code from the app'),
});

/** `/api/2fa`: TOTP enrolment (QR of the otpauth URL, confirm with a code), recovery codes, disable. */
export function twoFactorRoutes(deps: AppDeps): Hono<AppEnv> {
  const accounts = deps.accounts;
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const me = await requireUser(c, deps);
    return c.json({
      data: {
        enabled: me.user.totp_enabled,
        recovery_codes_remaining: me.user.totp_enabled
          ? await remainingRecoveryCodes(deps.pool, me.user.id)
          : 0,
      },
    });
  });

  app.post('/enrol', async (c) => {
    const me = await requireUser(c, deps);
    if (me.user.totp_enabled)
      throw new ConflictError('conflict', { message: 'Two-factor authentication is already on.' });
    const { otpauthUrl, secret } = await beginEnrolment(deps.pool, accounts.box, me.user);
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { otpauth_url: otpauthUrl, secret: base32Encode(secret), qr_svg: qrSvg } }, 201);
  });

  app.post('/confirm', async (c) => {
    const me = await requireUser(c, deps);
    const { code } = await parseBody(c, codeSchema);
    if (me.user.totp_enabled)
      throw new ConflictError('conflict', { message: 'Two-factor authentication is already on.' });
    const check = await checkTotp(deps.pool, accounts.box, me.user.id, code, false);
    if (!check.ok)
      throw new AuthenticationError('invalid_credentials', {
        message: 'The code is incorrect.',
        details: [{ field: 'code', issue: check.reason }],
      });
    const codes = await withTransaction(deps.pool, async (tx) => {
      const issued = await confirmEnrolment(tx, me.user.id);
      await markSessionTwoFactor(tx, me.session.id);
      await writeAudit(tx, {
        workspaceId: null,
        actor: { type: 'user', userId: me.user.id },
        action: 'account.two_factor_enabled',
        resourceType: 'user',
        resourceId: me.user.id,
        requestId: c.get('requestId'),
      });
      return issued;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { enabled: true, recovery_codes: codes } }, 200);
  });

  app.post('/recovery-codes', async (c) => {
    const me = await requireUser(c, deps);
    const { code } = await parseBody(c, codeSchema);
    const check = await checkTotp(deps.pool, accounts.box, me.user.id, code, true);
    if (!check.ok)
      throw new AuthenticationError('invalid_credentials', {
        message: 'The code is incorrect.',
        details: [{ field: 'code', issue: check.reason }],
      });
    const codes = await withTransaction(deps.pool, (tx) => replaceRecoveryCodes(tx, me.user.id));
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { recovery_codes: codes } }, 200);
  });

  app.post('/disable', async (c) => {
    const me = await requireUser(c, deps);
    const { code } = await parseBody(c, codeSchema);
    const check = await checkTotp(deps.pool, accounts.box, me.user.id, code, true);
    if (!check.ok)
      throw new AuthenticationError('invalid_credentials', {
        message: 'The code is incorrect.',
        details: [{ field: 'code', issue: check.reason }],
      });
    await withTransaction(deps.pool, async (tx) => {
      await disableTwoFactor(tx, me.user.id);
      await writeAudit(tx, {
        workspaceId: null,
        actor: { type: 'user', userId: me.user.id },
        action: 'account.two_factor_disabled',
        resourceType: 'user',
        resourceId: me.user.id,
        requestId: c.get('requestId'),
      });
    });
    return c.json({ data: { enabled: false } }, 200);
  });

  return app;
}
