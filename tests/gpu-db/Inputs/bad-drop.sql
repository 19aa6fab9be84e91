INSERT INTO gpus (id, full_name, vendor, architecture, cc_major, cc_minor, identity_source)
VALUES ('evil', 'Evil GPU', 'X', 'Y', 8, 6, 'nowhere');
DROP TABLE gpus;
