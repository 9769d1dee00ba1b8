CREATE TYPE "public"."notification_channel" AS ENUM('in_app', 'sms');--> statement-breakpoint
CREATE TYPE "public"."notification_state" AS ENUM('queued', 'sent', 'delivered', 'failed');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" "notification_channel" NOT NULL,
	"user_id" integer,
	"mobile" varchar(11),
	"template" varchar(40) NOT NULL,
	"body" text NOT NULL,
	"essential" boolean DEFAULT false NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"state" "notification_state" DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"parts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"provider" varchar(20),
	"provider_message_id" varchar(100),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "notifications_recipient_check" CHECK (("notifications"."channel" = 'in_app' and "notifications"."user_id" is not null) or ("notifications"."channel" = 'sms' and "notifications"."mobile" is not null))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"mobile" varchar(11) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_idempotency_key" ON "notifications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "notifications_sent_at_idx" ON "notifications" USING btree ("sent_at");