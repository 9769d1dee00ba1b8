-- figures.unpaid_invoices: invoices not cancelled whose succeeded payments do not cover their amount, kept
-- current by statement-level triggers on invoices and payments, so the dashboard reads one row instead of
-- summing the payments of every invoice. A change of payments first locks the invoices it touches (as the
-- money code does), so two transactions paying the same invoice count it once.
INSERT INTO figures (name, n)
SELECT 'unpaid_invoices', count(*)
FROM invoices i
LEFT JOIN (SELECT invoice_id, sum(amount) AS paid FROM payments WHERE status = 'succeeded' GROUP BY invoice_id) p
  ON p.invoice_id = i.id
WHERE i.cancelled_at IS NULL AND i.amount > coalesce(p.paid, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION madreseh_unpaid_after_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  -- A new invoice has no payments yet (they reference it), and its amount is above zero.
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows WHERE cancelled_at IS NULL;
  END IF;
  -- Otherwise the payments do not change in this statement: what is paid is the same before and after.
  -- The payments of the statement's invoices are summed once (a join, not a sub-select per invoice).
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*) INTO delta
    FROM old_rows o
    LEFT JOIN (
      SELECT p.invoice_id, sum(p.amount) AS paid FROM payments p
      WHERE p.status = 'succeeded' AND p.invoice_id IN (SELECT id FROM old_rows)
      GROUP BY p.invoice_id
    ) p ON p.invoice_id = o.id
    WHERE o.cancelled_at IS NULL AND o.amount > coalesce(p.paid, 0);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT delta + count(*) INTO delta
    FROM new_rows n
    LEFT JOIN (
      SELECT p.invoice_id, sum(p.amount) AS paid FROM payments p
      WHERE p.status = 'succeeded' AND p.invoice_id IN (SELECT id FROM new_rows)
      GROUP BY p.invoice_id
    ) p ON p.invoice_id = n.id
    WHERE n.cancelled_at IS NULL AND n.amount > coalesce(p.paid, 0);
  END IF;
  IF delta <> 0 THEN
    UPDATE figures SET n = n + delta WHERE name = 'unpaid_invoices';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION madreseh_unpaid_after_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
  changes bigint[];
  delta bigint;
BEGIN
  -- Per invoice, how much this statement changed what its succeeded payments hold.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(invoice_id), array_agg(s) INTO ids, changes
    FROM (SELECT invoice_id, sum(amount) AS s FROM new_rows WHERE status = 'succeeded' GROUP BY invoice_id) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(invoice_id), array_agg(-s) INTO ids, changes
    FROM (SELECT invoice_id, sum(amount) AS s FROM old_rows WHERE status = 'succeeded' GROUP BY invoice_id) x;
  ELSE
    SELECT array_agg(invoice_id), array_agg(s) INTO ids, changes
    FROM (
      SELECT invoice_id, sum(amount) AS s FROM (
        SELECT invoice_id, amount FROM new_rows WHERE status = 'succeeded'
        UNION ALL SELECT invoice_id, -amount FROM old_rows WHERE status = 'succeeded'
      ) u GROUP BY invoice_id
    ) x;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM invoices WHERE id = ANY (ids) ORDER BY id FOR UPDATE;
  -- Paid now (this statement included, and whatever committed before the lock), and before this statement.
  SELECT coalesce(sum(
    (CASE WHEN t.cancelled_at IS NULL AND t.amount > t.paid THEN 1 ELSE 0 END)
    - (CASE WHEN t.cancelled_at IS NULL AND t.amount > t.paid - t.change THEN 1 ELSE 0 END)
  ), 0) INTO delta
  FROM (
    SELECT i.amount, i.cancelled_at, c.change, coalesce(p.paid, 0) AS paid
    FROM unnest(ids, changes) AS c(id, change)
    JOIN invoices i ON i.id = c.id
    LEFT JOIN (
      SELECT invoice_id, sum(amount) AS paid FROM payments
      WHERE status = 'succeeded' AND invoice_id = ANY (ids)
      GROUP BY invoice_id
    ) p ON p.invoice_id = c.id
  ) t;
  IF delta <> 0 THEN
    UPDATE figures SET n = n + delta WHERE name = 'unpaid_invoices';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_unpaid_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_unpaid_after_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_unpaid_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_unpaid_after_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_unpaid_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_unpaid_after_invoices();
--> statement-breakpoint
CREATE TRIGGER payments_unpaid_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_unpaid_after_payments();
--> statement-breakpoint
CREATE TRIGGER payments_unpaid_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_unpaid_after_payments();
--> statement-breakpoint
CREATE TRIGGER payments_unpaid_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION madreseh_unpaid_after_payments();
