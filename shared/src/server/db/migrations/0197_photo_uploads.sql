-- D-585: uploaded photos (a page's avatar, image blocks, the page background) are stored as
-- content-hashed AVIF/WebP/JPEG variants; `variants` records them (the responsive image the public
-- page renders), `storage_key` names the largest JPEG. A page's avatar is one of its workspace's assets.
-- Expand only.
ALTER TABLE uploaded_assets ADD COLUMN variants jsonb;
ALTER TABLE uploaded_assets DROP CONSTRAINT uploaded_assets_kind_check;
ALTER TABLE uploaded_assets ADD CONSTRAINT uploaded_assets_kind_check
  CHECK (kind IN ('qr_logo', 'avatar', 'block_image', 'page_background', 'workspace_logo', 'og_image'));
ALTER TABLE bio_pages ADD COLUMN avatar_asset_id uuid REFERENCES uploaded_assets (id) ON DELETE SET NULL;
-- Photo variants are named by their content, so two uploads of one photo share their files.
DROP INDEX ux_uploaded_assets_storage_key;
CREATE UNIQUE INDEX ux_uploaded_assets_storage_key ON uploaded_assets (storage_key) WHERE variants IS NULL;
