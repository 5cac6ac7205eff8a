-- Extensions and helpers every later migration uses.
CREATE EXTENSION IF NOT EXISTS pgcrypto;
