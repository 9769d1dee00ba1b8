-- Trigram indexes (pg_trgm) for the staff's contains-searches: `search_text ILIKE '%word%'` on students,
-- pre-registrations and contact messages reads the rows that hold the word's trigrams instead of every row
-- (decision 0029). The extension is contrib: a PostgreSQL without it (or a role that may not create it)
-- migrates all the same, with a NOTICE and without the indexes; the searches give the same answers, by
-- reading every row as before. The embedded database loads it (db/pglite-extensions.mjs).
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
      RAISE NOTICE 'pg_trgm is not available: searches run without trigram indexes';
      RETURN;
    END IF;
    BEGIN
      CREATE EXTENSION pg_trgm;
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm could not be created (%): searches run without trigram indexes', SQLERRM;
      RETURN;
    END;
    SELECT n.nspname INTO trgm_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm';
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS students_search_trgm_idx ON students USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS pre_registrations_search_trgm_idx ON pre_registrations USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS contact_messages_search_trgm_idx ON contact_messages USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END $$;
