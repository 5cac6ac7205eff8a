-- DECISIONS D-375: the stream key is click_events' primary key; the surrogate (id,
-- occurred_at) key goes. Each event row carried four btree entries (the id key, the unique stream key
-- used to skip a redelivered event, two read indexes) and no query looks an event up by id (the CSV
-- export only breaks ties with it, after (workspace, time)). The stream key compares bytewise (COLLATE
-- "C": it is an id, never sorted for people). `id` stays, written by the ingest, for the export.
-- One index build per existing day partition.
ALTER TABLE click_events DROP CONSTRAINT click_events_pkey;
ALTER TABLE click_events DROP CONSTRAINT click_events_stream_message_id_occurred_at_key;
ALTER TABLE click_events ALTER COLUMN stream_message_id TYPE text COLLATE "C";
ALTER TABLE click_events ADD PRIMARY KEY (stream_message_id, occurred_at);
