import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBatchStreamFields } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { trafficEventSchema } from '@linkhub/shared/webhooks/traffic-events';
import { entryRows } from '../../ingest/entry-rows';
import { trafficEventId, trafficEventOf } from './traffic-event';

const ALLOWED = Object.keys(trafficEventSchema.shape).sort();

describe('a stored visit as a webhook event', () => {
  it('holds only the allowed fields, never the User-Agent hash or language, and no bot', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('click' as const, 'scan' as const, 'page_view' as const),
        fc.boolean(),
        fc.string({ maxLength: 40 }),
        (eventType, isBot, visitor) => {
          const event = testEvent(
            {
              workspace_id: randomUUID(),
              resource_id: randomUUID(),
              event_type: eventType,
              resource_type:
                eventType === 'scan' ? 'qr_code' : eventType === 'page_view' ? 'bio_page' : 'link',
              is_bot: isBot,
              language: 'fr',
            },
            visitor,
          );
          const [row] = entryRows('1-1', toBatchStreamFields([event])).rows;
          expect(row).toBeDefined();
          if (!row) return;
          const out = trafficEventOf(row);
          if (isBot) {
            expect(out).toBeNull();
            return;
          }
          expect(Object.keys(trafficEventSchema.parse(out)).sort()).toEqual(ALLOWED);
          const text = JSON.stringify(out);
          expect(text).not.toContain(event.ua_hash);
          expect(text).not.toContain('"language"');
        },
      ),
    );
  });

  it('names one stored event by the same valid UUID every time', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (id) => {
        expect(trafficEventId(id)).toBe(trafficEventId(id));
        expect(trafficEventSchema.shape.id.safeParse(trafficEventId(id)).success).toBe(true);
      }),
    );
  });
});
