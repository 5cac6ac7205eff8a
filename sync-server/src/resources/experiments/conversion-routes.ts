import { Hono } from 'hono';
import { SemanticError } from '@linkhub/shared/errors/app-error';
import { verifyClickId, type ClickIdRefusal } from '@linkhub/shared/server/experiments/click-id';
import { clickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { conversionEligibility } from '@linkhub/shared/server/experiments/conversions';
import { conversionInputSchema } from '@linkhub/shared/experiments/schemas';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody } from '../../http/session-context';
import { authorizeRead, v1Caller } from '../../http/caller';
import { sendData } from '../../http/envelope';
import { authorizeCommand } from '../../kernel/authorization';
import { recordConversion } from './record-conversion';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { enqueueDeliveries } from '@linkhub/shared/server/webhooks/outbox';

/**
 * `POST /v1/conversions {click_id}`: the customer's server reports that the visit which
 * carried `lh_click=<click_id>` converted. It counts once per visitor-day; a repeat, or a click id
 * of another workspace or of a finished experiment, answers 200 with `counted: false` and its
 * reason (a checkout never fails on a report). A text LinkHub did not sign, an altered id, or one
 * older than 90 days (or dated ahead) is 422 `invalid_click_id` and counts nothing (D-491).
 * Recording needs `experiment.update` on the experiment (experiments:write, plan, grants).
 */
const CLICK_ID_REFUSALS: Record<ClickIdRefusal, string> = {
  malformed: 'This is not a click id LinkHub appended.',
  unknown_key: 'This click id was signed with a key LinkHub no longer accepts.',
  bad_signature: 'This click id was not issued by LinkHub or was altered.',
  expired: 'This click id is more than 90 days old; conversions are counted within 90 days of the visit.',
  future: 'This click id is dated in the future.',
};

export function v1ConversionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const keys = clickIdKeyring(deps.config);
  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, conversionInputSchema);
    const checked = verifyClickId(keys, input.click_id, new Date());
    if (!checked.ok)
      throw new SemanticError('invalid_click_id', {
        message: CLICK_ID_REFUSALS[checked.reason],
        details: [{ field: 'click_id', issue: checked.reason }],
      });
    const { click } = checked;
    const eligibility = await conversionEligibility(deps.pool, caller.workspaceId, click);
    const answer = (reason: 'unknown_experiment' | 'experiment_not_running') =>
      sendData(c, { experiment_id: click.experimentId, variant_id: click.variantId, counted: false, reason });
    if (eligibility === 'unknown_experiment') {
      // Nothing of another workspace is revealed: the same answer as for an id that never existed.
      await authorizeRead(deps, caller, 'experiment.list', 'experiment');
      return answer('unknown_experiment');
    }
    if (eligibility === 'experiment_not_running') {
      await authorizeRead(deps, caller, 'experiment.view', 'experiment', {
        type: 'experiment',
        id: click.experimentId,
      });
      return answer('experiment_not_running');
    }
    await authorizeCommand(deps.pool, caller.by, 'experiment.update', caller.workspaceId, {
      type: 'experiment',
      id: click.experimentId,
    });
    const recorded = await withTransaction(deps.pool, (tx) =>
      recordConversion(tx, caller.workspaceId, click),
    );
    await enqueueDeliveries(deps.jobs, deps.logger, recorded.deliveries);
    return sendData(c, recorded.outcome);
  });
  return app;
}
