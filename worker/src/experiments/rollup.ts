import { VISITOR_KEY_SQL } from '@linkhub/shared/server/experiments/visitor-key';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

export type ArmToRoll = {
  readonly id: string;
  readonly workspace_id: string;
  readonly resource_id: string;
  /** A bio page's blocks' clicks are stored as `bio_block` rows whose parent is the page. */
  readonly resource_type: 'link' | 'qr_code' | 'bio_page';
  /** `clicks`: a visitor-day converts by a click on the page (or on `goal_block_id`); else reported conversions. */
  readonly goal: string;
  readonly goal_block_id: string | null;
  readonly arm_period: number;
  readonly arm_started_at: Date;
  /** When assignment stopped (concluded, archived), else null. */
  readonly ended_at: Date | null;
};

/**
 * Rebuilds the experiment's rollup rows of the current arm period from the raw events and the
 * reported conversions, for the days that can still change: from two days before the last rolled
 * day, or the earliest exposure day a conversion was reported for since, or the arm's first day.
 *
 * The unit is the visitor-day: distinct day-salted visitor hashes per variant and UTC day. A
 * visitor-day with a bot-flagged event is counted apart (`bot_visitors`) and never converts; a
 * conversion counts only when its click id's visitor key matches a real exposure of its variant
 * that day (the key is recomputed from the visitor hash in SQL, visitor-key.ts).
 *
 * A bio page test (goal `clicks`, D-279) is exposed by the page's views and converts when the same
 * visitor-day clicked through a block of the page (the chosen block only, when one is named) under
 * the same variant; the click events are the page's `bio_block` rows (and `bio_page` click rows of
 * blocks whose id is not a UUID).
 */
export async function refreshArmRollup(
  db: Queryable,
  arm: ArmToRoll,
  lastComputedAt: Date | null,
): Promise<void> {
  const start = await one<{ from_day: string }>(
    db,
    `SELECT least(
        coalesce((SELECT max(day) - 2 FROM experiment_assignments_rollup WHERE experiment_id = $1 AND arm_period = $2),
                 ($3::timestamptz AT TIME ZONE 'UTC')::date),
        coalesce((SELECT min(exposure_day) FROM experiment_conversions
                   WHERE experiment_id = $1 AND arm_period = $2 AND first_reported_at >= coalesce($4, '-infinity'::timestamptz)),
                 'infinity'::date)
      )::text AS from_day`,
    [arm.id, arm.arm_period, arm.arm_started_at, lastComputedAt],
  );
  const fromDay = start?.from_day ?? arm.arm_started_at.toISOString().slice(0, 10);
  // The caller's transaction: the days are replaced as a whole, so a reader never sees half of them.
  await db.query(
    'DELETE FROM experiment_assignments_rollup WHERE experiment_id = $1 AND arm_period = $2 AND day >= $3::date',
    [arm.id, arm.arm_period, fromDay],
  );
  await db.query(
    `WITH variants AS (SELECT id FROM experiment_variants WHERE experiment_id = $1),
     exposures AS (
       SELECT c.variant_id, (c.occurred_at AT TIME ZONE 'UTC')::date AS day, c.visitor_hash, bool_or(c.is_bot) AS bot,
              bool_or(c.event_type = 'click' AND ($10::uuid IS NULL OR c.resource_id = $10)) AS clicked
         FROM click_events c
        WHERE (c.resource_id = $3 OR ($8 AND c.parent_resource_id = $3 AND c.resource_type = 'bio_block'))
          AND c.workspace_id = $2
          AND c.variant_id IS NOT NULL AND c.variant_id IN (SELECT id FROM variants)
          AND c.occurred_at >= greatest($5::timestamptz, ($6::date)::timestamp AT TIME ZONE 'UTC')
          AND ($7::timestamptz IS NULL OR c.occurred_at < $7)
        GROUP BY 1, 2, 3
     ),
     counted AS (
       SELECT x.variant_id, x.day,
              count(*) FILTER (WHERE NOT x.bot) AS visitors,
              count(*) FILTER (WHERE x.bot) AS bot_visitors,
              count(*) FILTER (WHERE NOT x.bot AND CASE WHEN $9 THEN x.clicked ELSE v.visitor_key IS NOT NULL END) AS conversions
         FROM exposures x
         LEFT JOIN experiment_conversions v
           ON v.experiment_id = $1 AND v.arm_period = $4 AND v.exposure_day = x.day AND v.variant_id = x.variant_id
          AND v.visitor_key = ${VISITOR_KEY_SQL('$1', 'x.visitor_hash')}
        GROUP BY 1, 2
     )
     INSERT INTO experiment_assignments_rollup
       (experiment_id, workspace_id, arm_period, variant_id, day, visitors, conversions, bot_visitors, computed_at)
     SELECT $1, $2, $4, variant_id, day, visitors, conversions, bot_visitors, now() FROM counted`,
    [
      arm.id,
      arm.workspace_id,
      arm.resource_id,
      arm.arm_period,
      arm.arm_started_at,
      fromDay,
      arm.ended_at,
      arm.resource_type === 'bio_page',
      arm.resource_type === 'bio_page' && arm.goal === 'clicks',
      arm.goal_block_id,
    ],
  );
}
