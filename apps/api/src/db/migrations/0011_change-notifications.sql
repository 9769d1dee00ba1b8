-- Rows that servers keep in memory for a moment (the session of a token, a student's own record, the school's
-- settings) are dropped on every instance when they change: these triggers send
-- NOTIFY madreseh_changed, '<table>:<key>', which PostgreSQL delivers after the change commits
-- (apps/api/src/db/invalidation.ts).
CREATE OR REPLACE FUNCTION madreseh_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('madreseh_changed', TG_TABLE_NAME);
  ELSIF TG_TABLE_NAME IN ('sessions', 'students') THEN
    -- Keyed by the account: a student's own record is kept by user, like the sessions.
    PERFORM pg_notify('madreseh_changed', 'users:' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('madreseh_changed', 'users:' || NEW.user_id);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('madreseh_changed', TG_TABLE_NAME || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('madreseh_changed', TG_TABLE_NAME || ':' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OF token_hash, user_id, expires_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OF role, full_name, active, password_hash OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER students_changed AFTER UPDATE OR DELETE ON students
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER groups_changed AFTER UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
--> statement-breakpoint
CREATE TRIGGER payment_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_settings
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
