-- DECISIONS D-443: a redelivered stream entry is skipped by a ledger of the entries whose
-- events are stored, written in the same transaction as the events, instead of by a unique key on
-- every event. The per-event key (stream_message_id, occurred_at) was one btree insert per captured
-- visit; an entry holds up to 250 events and costs one ledger row. The ingest prunes ledger rows of
-- entries the stream no longer holds (they can never be delivered again).
CREATE TABLE ingest_stream_entries (
  entry_ms bigint NOT NULL CHECK (entry_ms >= 0),
  entry_seq bigint NOT NULL CHECK (entry_seq >= 0),
  PRIMARY KEY (entry_ms, entry_seq)
);
-- The entries stored before this migration that an ingest may still be handed again (a crash
-- between COMMIT and XACK leaves them pending): every entry of the last 7 days' events.
INSERT INTO ingest_stream_entries (entry_ms, entry_seq)
SELECT DISTINCT split_part(entry, '-', 1)::bigint, split_part(entry, '-', 2)::bigint
  FROM (SELECT split_part(stream_message_id, ':', 1) AS entry
          FROM click_events WHERE occurred_at >= now() - interval '7 days') AS stored
 WHERE entry ~ '^[0-9]{1,15}-[0-9]{1,15}$';
ALTER TABLE click_events DROP CONSTRAINT click_events_pkey;
