import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { toRunBatchFields } from '@linkhub/shared/analytics/run-batch';
import { eventLineOf, RunBatchBuffer } from './event-line';

const WORKSPACE = '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
const LINK = '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c';
const PAGE = '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5d';

const visit: AnalyticsEvent = {
  event_type: 'click',
  workspace_id: WORKSPACE,
  resource_type: 'link',
  resource_id: LINK,
  block_id: null,
  occurred_at: '2026-06-01T12:00:00.000Z',
  visitor_hash: '00112233445566778899aabbccddeeff',
  country_code: 'FR',
  region_code: 'IDF',
  device_type: 'mobile',
  os_family: 'iOS',
  browser_family: 'Mobile Safari',
  ua_hash: 'ffeeddccbbaa99887766554433221100',
  referrer_host: 'instagram.com',
  utm_source: 'news',
  utm_medium: 'email',
  utm_campaign: 'spring "sale"',
  utm_term: null,
  utm_content: 'é 漢字',
  variant_id: null,
  fallback_stage: null,
  is_bot: false,
  language: 'de',
};

/** A batch of three: a repeat visit, a bio block click with a variant and fallback, a bot without language. */
const batch: AnalyticsEvent[] = [
  visit,
  {
    ...visit,
    event_type: 'page_view',
    resource_type: 'bio_page',
    resource_id: PAGE,
    block_id: LINK,
    occurred_at: '2026-06-01T12:00:01.250Z',
    visitor_hash: '0123456789abcdef0123456789abcdef',
    variant_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5e',
    fallback_stage: 'last_good',
    language: null,
  },
  {
    ...visit,
    occurred_at: '2026-06-01T11:59:59.999Z',
    country_code: null,
    region_code: null,
    device_type: 'other',
    os_family: null,
    browser_family: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    is_bot: true,
    language: undefined,
  },
];

/** The entry of `batch` as the edge's writer wrote it before the event's fields were one table (D-550): runs keyed by object, so equal runs of different objects are written twice. */
const EDGE_WRITTEN = [
  'v',
  '3',
  't',
  '1780315200000',
  'r',
  '[["click","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b","link","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c",null],["FR","IDF"],["mobile","iOS","Mobile Safari",false],["ffeeddccbbaa99887766554433221100"],["instagram.com"],["news","email","spring \\"sale\\"",null,"é 漢字"],[null,null],["de"],["page_view","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b","bio_page","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5d","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c"],["FR","IDF"],["mobile","iOS","Mobile Safari",false],["news","email","spring \\"sale\\"",null,"é 漢字"],["0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5e","last_good"],[null],["click","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b","link","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c",null],[null,null],["other",null,null,true],[null,null,null,null,null]]',
  'e',
  '[0,0,"00112233445566778899aabbccddeeff",1,2,3,4,5,6,7]\n[8,1250,"0123456789abcdef0123456789abcdef",9,10,3,4,11,12,13]\n[14,-1,"00112233445566778899aabbccddeeff",15,16,3,13,17,6,13]',
];

/** The same batch by the reference encoder, as before: equal runs are one run. */
const REFERENCE_WRITTEN = [
  'v',
  '3',
  't',
  '1780315200000',
  'r',
  '[["click","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b","link","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c",null],["FR","IDF"],["mobile","iOS","Mobile Safari",false],["ffeeddccbbaa99887766554433221100"],["instagram.com"],["news","email","spring \\"sale\\"",null,"é 漢字"],[null,null],["de"],["page_view","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b","bio_page","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5d","0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c"],["0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5e","last_good"],[null],["other",null,null,true],[null,null,null,null,null]]',
  'e',
  '[0,0,"00112233445566778899aabbccddeeff",1,2,3,4,5,6,7]\n[8,1250,"0123456789abcdef0123456789abcdef",1,2,3,4,5,9,10]\n[0,-1,"00112233445566778899aabbccddeeff",6,11,3,10,12,6,10]',
];

function edgeFields(events: readonly AnalyticsEvent[]): string[] {
  const buffer = new RunBatchBuffer(64, 16);
  for (const e of events) buffer.add(eventLineOf(e));
  const written = buffer.take();
  return [
    'v',
    '3',
    't',
    String(written.base),
    'r',
    written.runs.toString('utf8'),
    'e',
    written.lines.toString('utf8'),
  ];
}

describe('the stream entry of a fixed batch', () => {
  it('is byte for byte what the edge wrote before (edge writer and reference encoder)', () => {
    expect(edgeFields(batch)).toEqual(EDGE_WRITTEN);
    expect(toRunBatchFields(batch)).toEqual(REFERENCE_WRITTEN);
  });
});
