-- Identification of the built database.
INSERT INTO meta (key, value) VALUES
  ('schema', 'kperf-gpus'),
  ('schema_version', '1'),
  ('description', 'kperf GPU database: the facts kperf''s static models use, each with its source');
