-- The visitor's language, captured at the edge from Accept-Language (the primary subtag
-- of the most preferred range: `de` for `de-CH,de;q=0.9`), counted in the rollups as dimension
-- `language`. Expand only: NULL for every event captured before (readers count it as unknown).
ALTER TABLE click_events ADD COLUMN language text CHECK (language ~ '^[a-z]{2,3}$');
