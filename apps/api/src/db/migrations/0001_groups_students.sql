CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."grading_scale" AS ENUM('numeric', 'descriptive');--> statement-breakpoint
CREATE TYPE "public"."student_status" AS ENUM('active', 'inactive', 'archived');--> statement-breakpoint
CREATE TABLE "group_subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "group_subjects_weight_check" CHECK ("group_subjects"."weight" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"grade_level" smallint NOT NULL,
	"academic_year" smallint NOT NULL,
	"grading_scale" "grading_scale" DEFAULT 'numeric' NOT NULL,
	"pass_mark" numeric(4, 2) DEFAULT '10' NOT NULL,
	"uses_monthly" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_grade_level_check" CHECK ("groups"."grade_level" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"national_code" varchar(10) NOT NULL,
	"student_number" varchar(30),
	"group_id" integer,
	"birth_date" date,
	"gender" "gender",
	"father_name" varchar(100),
	"parent_mobile" varchar(11),
	"mobile" varchar(11),
	"address" text,
	"photo_key" varchar(200),
	"status" "student_status" DEFAULT 'active' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_subjects" ADD CONSTRAINT "group_subjects_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_subjects_group_name_key" ON "group_subjects" USING btree ("group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_year_key" ON "groups" USING btree ("name","academic_year");--> statement-breakpoint
CREATE UNIQUE INDEX "students_user_key" ON "students" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_national_code_key" ON "students" USING btree ("national_code");--> statement-breakpoint
CREATE UNIQUE INDEX "students_student_number_key" ON "students" USING btree ("student_number");--> statement-breakpoint
CREATE INDEX "students_group_idx" ON "students" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "students_status_idx" ON "students" USING btree ("status");