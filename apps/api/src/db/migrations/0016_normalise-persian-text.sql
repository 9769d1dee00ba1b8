-- Stored Persian text the way every request body is now normalised (http/persian-input.ts):
-- Arabic-typed ي/ى/ك as ی/ک and Arabic-Indic digits as Persian ones. Names of students, classes
-- and admins were already stored so; the audit log is append-only and keeps what was written.
UPDATE "pre_registrations" SET
  "first_name" = translate("first_name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "last_name" = translate("last_name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "previous_school" = translate("previous_school", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "father_name" = translate("father_name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "father_job" = translate("father_job", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "mother_name" = translate("mother_name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "mother_job" = translate("mother_job", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "address" = translate("address", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "notes" = translate("notes", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "admin_note" = translate("admin_note", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("first_name", '') || coalesce("last_name", '') || coalesce("previous_school", '') || coalesce("father_name", '') || coalesce("father_job", '') || coalesce("mother_name", '') || coalesce("mother_job", '') || coalesce("address", '') || coalesce("notes", '') || coalesce("admin_note", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "contact_messages" SET
  "name" = translate("name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "subject" = translate("subject", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "message" = translate("message", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("name", '') || coalesce("subject", '') || coalesce("message", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "news" SET
  "title" = translate("title", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "summary" = translate("summary", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "body_html" = translate("body_html", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("title", '') || coalesce("summary", '') || coalesce("body_html", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "gallery_photos" SET
  "caption" = translate("caption", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "album" = translate("album", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("caption", '') || coalesce("album", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "achievements" SET
  "title" = translate("title", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "description" = translate("description", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("title", '') || coalesce("description", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "students" SET
  "father_name" = translate("father_name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "address" = translate("address", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("father_name", '') || coalesce("address", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "report_cards" SET
  "remarks" = translate("remarks", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("remarks", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "payments" SET
  "note" = translate("note", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "reject_reason" = translate("reject_reason", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("note", '') || coalesce("reject_reason", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "payment_settings" SET
  "card_holder" = translate("card_holder", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "bank_name" = translate("bank_name", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (coalesce("card_holder", '') || coalesce("bank_name", '')) ~ '[يىك٠-٩]';
--> statement-breakpoint
UPDATE "invoices" AS i SET
  "title" = translate(i."title", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "description" = translate(i."description", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹'),
  "cancel_reason" = translate(i."cancel_reason", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
WHERE (i."title" || coalesce(i."description", '') || coalesce(i."cancel_reason", '')) ~ '[يىك٠-٩]'
  AND NOT EXISTS (
    SELECT 1 FROM "invoices" AS o
    WHERE o."id" <> i."id" AND o."student_id" = i."student_id" AND o."due_date" = i."due_date"
      AND o."cancelled_at" IS NULL AND i."cancelled_at" IS NULL
      AND o."title" = translate(i."title", 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')
  );
--> statement-breakpoint
UPDATE "settings" SET "value" = translate("value"::text, 'يىك٠١٢٣٤٥٦٧٨٩', 'ییک۰۱۲۳۴۵۶۷۸۹')::jsonb
WHERE "value"::text ~ '[يىك٠-٩]';
