-- D-609: the thumbnail and title of an embedded video or track, fetched once from the provider's
-- oEmbed by the worker and stored as photo variants (content-hashed files under photos/, served by
-- the edge at /_img/…). Keyed by the provider page URL (resolveEmbed's pageUrl): public data,
-- shared by every page that embeds it. `image` NULL with `failed_at`: the provider had none (the
-- page keeps its placeholder). Expand only.
CREATE TABLE embed_thumbnails (
  page_url text PRIMARY KEY,
  provider text NOT NULL,
  title text,
  image jsonb,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  failed_at timestamptz
);
