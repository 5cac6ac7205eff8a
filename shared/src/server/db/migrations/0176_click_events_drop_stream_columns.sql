-- DECISIONS D-448: since the entry ledger (0175, D-443) nothing reads an event's
-- stream_message_id (its old idempotency key) or ingested_at: about 26 of a row's ~254 bytes, written
-- for every captured visit. Dropping them is a catalogue change: rows stored before keep their bytes
-- until their partition is dropped by retention; rows stored after carry neither.
ALTER TABLE click_events DROP COLUMN stream_message_id, DROP COLUMN ingested_at;
