-- D-625: a link's social card (what crawlers see where it is posted) and its app links (what an
-- iPhone or Android visitor's deep-link page opens). NULL: none, and the hit path skips both.
-- Expand only.
ALTER TABLE links ADD COLUMN social_preview jsonb;
ALTER TABLE links ADD COLUMN ios_url text;
ALTER TABLE links ADD COLUMN android_url text;
ALTER TABLE links ADD CONSTRAINT links_social_preview_object
  CHECK (social_preview IS NULL OR jsonb_typeof(social_preview) = 'object');
