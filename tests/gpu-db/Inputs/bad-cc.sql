INSERT INTO gpus (id, full_name, vendor, architecture, cc_major, cc_minor, identity_source)
VALUES ('future', 'Future GPU', 'NVIDIA', 'Unknown', 7, 7, 'a rumour');
