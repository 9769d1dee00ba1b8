CREATE TYPE "public"."pre_register_status" AS ENUM('new', 'reviewing', 'accepted', 'rejected', 'waitlisted');--> statement-breakpoint
CREATE TABLE "pre_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pre_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tracking_code" varchar(10) NOT NULL,
	"academic_year" smallint NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"national_code" varchar(10) NOT NULL,
	"birth_date" date NOT NULL,
	"gender" "gender" NOT NULL,
	"grade" smallint NOT NULL,
	"previous_school" varchar(150) DEFAULT '' NOT NULL,
	"last_average" numeric(4, 2),
	"father_name" varchar(100) NOT NULL,
	"father_mobile" varchar(11) NOT NULL,
	"father_job" varchar(100) DEFAULT '' NOT NULL,
	"mother_name" varchar(100) NOT NULL,
	"mother_mobile" varchar(11) DEFAULT '' NOT NULL,
	"mother_job" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(12) DEFAULT '' NOT NULL,
	"address" varchar(500) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" "pre_register_status" DEFAULT 'new' NOT NULL,
	"admin_note" text DEFAULT '' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_registrations_grade_check" CHECK ("pre_registrations"."grade" between 1 and 12),
	CONSTRAINT "pre_registrations_average_check" CHECK ("pre_registrations"."last_average" is null or "pre_registrations"."last_average" between 0 and 20)
);
--> statement-breakpoint
ALTER TABLE "pre_registrations" ADD CONSTRAINT "pre_registrations_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_registrations_tracking_key" ON "pre_registrations" USING btree ("tracking_code");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_registrations_national_year_key" ON "pre_registrations" USING btree ("national_code","academic_year");--> statement-breakpoint
CREATE INDEX "pre_registrations_created_idx" ON "pre_registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pre_registrations_status_idx" ON "pre_registrations" USING btree ("status","grade");