-- Extensions and helpers every later migration uses.
-- Nothing in the schema needs pgcrypto (uuid_generate_v7 uses the core gen_random_uuid), so it is
-- optional: the embedded PGlite database the dev launcher falls back to does not ship it.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pgcrypto;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgcrypto is not available here; continuing without it';
END $$;
