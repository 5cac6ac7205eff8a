-- D-600, D-602: what a bio page's link previews show, and the page's language. Empty share texts
-- fall back to the page title and bio; `share_image_asset_id` is an uploaded card that replaces the
-- generated one; `share_card` is the card generated at the last publish ({key, path, width, height}),
-- kept so a publish with unchanged inputs draws nothing. Expand only.
ALTER TABLE bio_pages ADD COLUMN share_title text NOT NULL DEFAULT '';
ALTER TABLE bio_pages ADD COLUMN share_description text NOT NULL DEFAULT '';
ALTER TABLE bio_pages ADD COLUMN share_image_asset_id uuid REFERENCES uploaded_assets (id) ON DELETE SET NULL;
ALTER TABLE bio_pages ADD COLUMN language text NOT NULL DEFAULT 'en';
ALTER TABLE bio_pages ADD COLUMN share_card jsonb;
