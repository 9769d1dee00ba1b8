-- Before one live invoice per student, fee item and due date, and one receipt per bank transfer,
-- become unique indexes (next migration): settle what earlier versions let in twice. Every change
-- writes an audit row.

-- Invoices issued twice (a repeated bulk issue): the later copies keep their money and get their id
-- in the title, so nothing is lost and the school sees which ones to cancel.
WITH ranked AS (
  SELECT id, title, row_number() OVER (PARTITION BY student_id, title, due_date ORDER BY id) AS n
  FROM invoices
  WHERE cancelled_at IS NULL
), renamed AS (
  UPDATE invoices i
  SET title = left(r.title, 136) || ' (#' || i.id || ')', updated_at = now()
  FROM ranked r
  WHERE r.id = i.id AND r.n > 1
  RETURNING i.id, r.title AS before, i.title AS after
)
INSERT INTO audit_log (action, entity, entity_id, details)
SELECT 'rename_duplicate', 'invoice', id::text, jsonb_build_object('before', before, 'after', after, 'by', 'migration')
FROM renamed;
--> statement-breakpoint
DO $$
DECLARE
  dup record;
BEGIN
  FOR dup IN
    SELECT string_agg(id::text, ', ' ORDER BY id) AS ids
    FROM payments
    WHERE method = 'card_to_card' AND status = 'succeeded'
      AND tracking_number IS NOT NULL AND card_masked IS NOT NULL AND transferred_at IS NOT NULL
    GROUP BY upper(tracking_number), card_masked, ((transferred_at AT TIME ZONE 'Asia/Tehran')::date)
    HAVING count(*) > 1
  LOOP
    RAISE EXCEPTION 'Approved card-to-card receipts % record the same bank transfer (tracking number, card and day), so it was credited more than once. Decide which one stands, give the others a distinct tracking number by hand (UPDATE payments SET tracking_number = tracking_number || ''-dup'' WHERE id = ...), then start again.', dup.ids;
  END LOOP;
END $$;
--> statement-breakpoint
-- Receipts waiting for approval that repeat a transfer already sent: turned down, with the reason the
-- student sees.
WITH ranked AS (
  SELECT id,
    first_value(id) OVER w AS keeper,
    row_number() OVER w AS n
  FROM payments
  WHERE method = 'card_to_card' AND status <> 'rejected'
    AND tracking_number IS NOT NULL AND card_masked IS NOT NULL AND transferred_at IS NOT NULL
  WINDOW w AS (
    PARTITION BY upper(tracking_number), card_masked, ((transferred_at AT TIME ZONE 'Asia/Tehran')::date)
    ORDER BY (status = 'succeeded') DESC, id
  )
), rejected AS (
  UPDATE payments p
  SET status = 'rejected', reject_reason = 'رسید تکراری: همین واریز پیش‌تر ثبت شده است.', decided_at = now()
  FROM ranked r
  WHERE r.id = p.id AND r.n > 1 AND p.status = 'pending'
  RETURNING p.id, p.invoice_id, r.keeper
)
INSERT INTO audit_log (action, entity, entity_id, details)
SELECT 'reject_receipt', 'payment', id::text,
  jsonb_build_object('invoiceId', invoice_id, 'reason', 'duplicate', 'duplicateOf', keeper, 'by', 'migration')
FROM rejected;
