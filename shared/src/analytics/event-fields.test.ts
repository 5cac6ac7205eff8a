import { describe, expect, it } from 'vitest';
import { DASHBOARD_DIMENSIONS } from './dashboard';
import { CUBE_DIMENSIONS, EVENT_FIELD_NAMES, fieldsOfSlot, STREAM_SLOTS } from './event-fields';
import { analyticsEventSchema } from './event-schema';
import { decodeRunBatch, toRunBatchFields } from './run-batch';
import { testEvent } from '../server/analytics/test-events';

describe('the table of the analytics event fields', () => {
  it('is the event schema, field for field', () => {
    expect(Object.keys(analyticsEventSchema.shape)).toEqual(EVENT_FIELD_NAMES);
  });

  it('makes a cube dimension of every dashboard filter but the event type', () => {
    expect([...CUBE_DIMENSIONS].sort()).toEqual(
      DASHBOARD_DIMENSIONS.filter((d) => d !== 'event_type').sort(),
    );
  });

  it('puts every field in one slot of a stream line, and the one-value slots hold one field each', () => {
    expect(STREAM_SLOTS.flatMap((slot) => fieldsOfSlot(slot)).sort()).toEqual([...EVENT_FIELD_NAMES].sort());
    for (const slot of ['time', 'visitor', 'ua_hash', 'referrer', 'language'] as const)
      expect(fieldsOfSlot(slot)).toHaveLength(1);
  });

  it('carries each field to the reader in its own place: an event with a distinct value per field reads back whole', () => {
    const event = testEvent({
      workspace_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
      resource_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c',
      event_type: 'page_view',
      resource_type: 'bio_page',
      block_id: 'block',
      occurred_at: '2026-06-01T12:00:00.000Z',
      country_code: 'DE',
      region_code: 'BY',
      device_type: 'tablet',
      os_family: 'Android',
      browser_family: 'Chrome',
      referrer_host: 'example.org',
      utm_source: 'source',
      utm_medium: 'medium',
      utm_campaign: 'campaign',
      utm_term: 'term',
      utm_content: 'content',
      variant_id: 'variant',
      fallback_stage: 'holding_page',
      is_bot: true,
      language: 'fil',
    });
    expect(new Set(Object.values(event)).size).toBe(EVENT_FIELD_NAMES.length);
    const [line] = decodeRunBatch(toRunBatchFields([event]));
    expect(line && 'values' in line ? line.values : line).toEqual(event);
  });
});
