CREATE TYPE "public"."attendance_state" AS ENUM('present', 'absent', 'late', 'excused');--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"date" date NOT NULL,
	"period" smallint,
	"state" "attendance_state" NOT NULL,
	"late_minutes" smallint,
	"reason" varchar(200),
	"recorded_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_student_date_period_key" UNIQUE NULLS NOT DISTINCT("student_id","date","period"),
	CONSTRAINT "attendance_period_check" CHECK ("attendance"."period" is null or "attendance"."period" between 1 and 10),
	CONSTRAINT "attendance_late_check" CHECK ("attendance"."state" <> 'late' or "attendance"."late_minutes" between 1 and 240)
);
--> statement-breakpoint
CREATE TABLE "attendance_saves" (
	"client_key" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"date" date NOT NULL,
	"period" smallint,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"ref" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_notices_student_kind_ref_key" UNIQUE("student_id","kind","ref")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_saves" ADD CONSTRAINT "attendance_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_saves" ADD CONSTRAINT "attendance_saves_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notices" ADD CONSTRAINT "student_notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_group_date_idx" ON "attendance" USING btree ("group_id","date");--> statement-breakpoint
CREATE INDEX "attendance_date_idx" ON "attendance" USING btree ("date");--> statement-breakpoint
CREATE INDEX "attendance_saves_group_date_idx" ON "attendance_saves" USING btree ("group_id","date");--> statement-breakpoint
CREATE INDEX "student_notices_student_idx" ON "student_notices" USING btree ("student_id","created_at");