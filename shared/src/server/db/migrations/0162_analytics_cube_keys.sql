-- Every table has a primary key (the schema test holds it). The cubes of 0160/0161 are rebuilt by hour
-- (delete, then insert the hour's combinations), so a row needs no natural key of its 11 dimensions
-- (a 14-column unique index would cost every rebuild): a surrogate identity is enough.
ALTER TABLE analytics_cube_hourly ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
ALTER TABLE analytics_cube_workspace_hourly ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
