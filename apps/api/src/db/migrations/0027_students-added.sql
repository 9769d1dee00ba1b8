-- A student added (or the table emptied) is announced once per statement, as a change to the table
-- `students`: the totals of the students list that servers keep per search are dropped on every instance.
-- A student changed or removed already sends `users:<account>` (migration 0011).
CREATE TRIGGER students_added AFTER INSERT OR TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION madreseh_notify_changed();
