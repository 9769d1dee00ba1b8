CREATE TABLE "idempotency_keys" (
	"scope" varchar(200) NOT NULL,
	"key" varchar(200) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"status" smallint,
	"content_type" varchar(100),
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "verifying_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_student_item_due_key" ON "invoices" USING btree ("student_id","title","due_date") WHERE "invoices"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_transfer_key" ON "payments" USING btree (upper("tracking_number"),"card_masked",(("transferred_at" at time zone 'Asia/Tehran')::date)) WHERE "payments"."method" = 'card_to_card' and "payments"."status" <> 'rejected';