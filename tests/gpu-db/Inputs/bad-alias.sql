INSERT INTO gpu_aliases (alias, gpu_id) VALUES ('ghost', 'no-such-gpu');
