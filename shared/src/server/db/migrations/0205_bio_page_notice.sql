-- D-606: a sensitive-content notice in front of a whole bio page ({"kind": "adult"|"sensitive",
-- "message"?}); NULL: none. A block's notice and schedule live in its `data`. Expand only.
ALTER TABLE bio_pages ADD COLUMN notice jsonb;
