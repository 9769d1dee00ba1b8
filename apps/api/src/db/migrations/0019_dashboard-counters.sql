-- figures.active_students (students whose status is active) and figures.pending_receipts (card-to-card
-- receipts waiting for a decision), kept current by statement-level triggers, so the dashboard reads two
-- rows instead of counting the school's students and payments. A statement that changes nothing counted
-- (an edit of a name, a gateway payment) leaves the figures row alone: no lock on it.
INSERT INTO figures (name, n)
SELECT 'active_students', count(*) FROM students WHERE status = 'active'
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO figures (name, n)
SELECT 'pending_receipts', count(*) FROM payments WHERE method = 'card_to_card' AND status = 'pending'
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION madreseh_count_active_students() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE status = 'active';
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE status = 'active';
  END IF;
  IF delta <> 0 THEN
    UPDATE figures SET n = n + delta WHERE name = 'active_students';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION madreseh_count_pending_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE method = 'card_to_card' AND status = 'pending';
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE method = 'card_to_card' AND status = 'pending';
  END IF;
  IF delta <> 0 THEN
    UPDATE figures SET n = n + delta WHERE name = 'pending_receipts';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_active_insert AFTER INSERT ON students
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_count_active_students();
--> statement-breakpoint
CREATE TRIGGER students_active_update AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_count_active_students();
--> statement-breakpoint
CREATE TRIGGER students_active_delete AFTER DELETE ON students
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_count_active_students();
--> statement-breakpoint
CREATE TRIGGER payments_pending_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_count_pending_receipts();
--> statement-breakpoint
CREATE TRIGGER payments_pending_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_count_pending_receipts();
--> statement-breakpoint
CREATE TRIGGER payments_pending_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_count_pending_receipts();
