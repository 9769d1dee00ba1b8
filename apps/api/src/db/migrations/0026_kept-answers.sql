-- The answers a student's own pages give (their record, report card, invoices, news) and the dashboard's
-- figures are kept in memory for a moment, and dropped on every instance when what they read changes
-- (apps/api/src/db/invalidation.ts, apps/api/src/http/kept-answers.ts). Rows that name a student send
-- NOTIFY madreseh_changed, 'student:<id>' (a payment names it through its invoice); the other tables send
-- their name once per statement (madreseh_notify_changed, migration 0011), and so does every TRUNCATE.
CREATE OR REPLACE FUNCTION madreseh_notify_student_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_student integer;
  new_student integer;
BEGIN
  IF TG_TABLE_NAME = 'payments' THEN
    IF TG_OP <> 'INSERT' THEN
      SELECT student_id INTO old_student FROM invoices WHERE id = OLD.invoice_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      IF TG_OP = 'UPDATE' AND NEW.invoice_id = OLD.invoice_id THEN
        new_student := old_student;
      ELSE
        SELECT student_id INTO new_student FROM invoices WHERE id = NEW.invoice_id;
      END IF;
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      old_student := OLD.student_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      new_student := NEW.student_id;
    END IF;
  END IF;
  IF old_student IS NOT NULL THEN
    PERFORM pg_notify('madreseh_changed', 'student:' || old_student);
  END IF;
  IF new_student IS NOT NULL AND new_student IS DISTINCT FROM old_student THEN
    PERFORM pg_notify('madreseh_changed', 'student:' || new_student);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_changed AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_student_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_truncated AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_student_changed();
--> statement-breakpoint
CREATE TRIGGER payments_truncated AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER report_cards_changed AFTER INSERT OR UPDATE OR DELETE ON report_cards
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_student_changed();
--> statement-breakpoint
CREATE TRIGGER report_cards_truncated AFTER TRUNCATE ON report_cards
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER attendance_changed AFTER INSERT OR UPDATE OR DELETE ON attendance
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_student_changed();
--> statement-breakpoint
CREATE TRIGGER attendance_truncated AFTER TRUNCATE ON attendance
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER report_card_grades_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON report_card_grades
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER group_subjects_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_subjects
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER news_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER news_groups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_groups
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER gallery_photos_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_photos
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER achievements_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON achievements
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER contact_messages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contact_messages
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER pre_registrations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pre_registrations
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON figures
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
