CREATE TABLE "payment_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"amount" bigint NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"gateway" varchar(30) NOT NULL,
	"authority" varchar(100),
	"reference_id" varchar(100),
	"card_masked" varchar(19),
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"failure_reason" varchar(300),
	"verifying_until" timestamp with time zone,
	CONSTRAINT "payment_batches_amount_check" CHECK ("payment_batches"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_gateway_authority_key" ON "payment_batches" USING btree ("gateway","authority");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_reference_key" ON "payment_batches" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "payment_batches_status_idx" ON "payment_batches" USING btree ("status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_batch_idx" ON "payments" USING btree ("batch_id");