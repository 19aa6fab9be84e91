PRAGMA user_version = 7;
