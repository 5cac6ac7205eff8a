import { Hono } from 'hono';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { decodeClickId } from '@linkhub/shared/experiments/click-id';
import { conversionEligibility } from '@linkhub/shared/experiments/conversions';
import { conversionInputSchema } from '@linkhub/shared/experiments/schemas';
import type { AppEnv } from '../../app-env';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../accounts/http';
import { authorizeRead, v1Caller } from '../../v1/caller';
import { sendData } from '../../v1/envelope';
import { authorizeCommand } from '../../commands/authorization';
import { recordConversion } from '../../experiments/record-conversion';

/**
 * `POST /v1/conversions {click_id}` (issue 21): the customer's server reports that the visit which
 * carried `lh_click=<click_id>` converted. It counts once per visitor-day; a repeat, or a click id
 * of another workspace or of a finished experiment, answers 200 with `counted: false` and its
 * reason (a checkout never fails on a report), and a text that is not a click id is 400.
 * Recording needs `experiment.update` on the experiment (experiments:write, plan, grants).
 */
export function v1ConversionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, conversionInputSchema);
    const click = decodeClickId(input.click_id);
    if (click === null)
      throw new ValidationError([
        { field: 'click_id', issue: 'invalid', message: 'This is not a click id LinkHub appended.' },
      ]);
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
    return sendData(c, await recordConversion(deps.pool, caller.workspaceId, click));
  });
  return app;
}
