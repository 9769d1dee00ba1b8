-- figures.inactive_students and figures.archived_students beside figures.active_students (migration 0019):
-- the students of each status, kept by the same statement-level triggers on students, so the students list
-- answers its total for a status filter without counting the school. The function keeps its name (the
-- triggers of 0019 call it) and now moves each status's figure by what the statement added and removed.
INSERT INTO figures (name, n)
SELECT 'inactive_students', count(*) FROM students WHERE status = 'inactive'
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO figures (name, n)
SELECT 'archived_students', count(*) FROM students WHERE status = 'archived'
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION madreseh_count_active_students() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n_active bigint := 0;
  n_inactive bigint := 0;
  n_archived bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT n_active + count(*) FILTER (WHERE status = 'active'),
           n_inactive + count(*) FILTER (WHERE status = 'inactive'),
           n_archived + count(*) FILTER (WHERE status = 'archived')
      INTO n_active, n_inactive, n_archived FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT n_active - count(*) FILTER (WHERE status = 'active'),
           n_inactive - count(*) FILTER (WHERE status = 'inactive'),
           n_archived - count(*) FILTER (WHERE status = 'archived')
      INTO n_active, n_inactive, n_archived FROM old_rows;
  END IF;
  IF n_active <> 0 THEN
    UPDATE figures SET n = n + n_active WHERE name = 'active_students';
  END IF;
  IF n_inactive <> 0 THEN
    UPDATE figures SET n = n + n_inactive WHERE name = 'inactive_students';
  END IF;
  IF n_archived <> 0 THEN
    UPDATE figures SET n = n + n_archived WHERE name = 'archived_students';
  END IF;
  RETURN NULL;
END
$$;
