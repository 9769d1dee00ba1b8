CREATE TYPE "public"."assessment_kind" AS ENUM('quiz', 'homework', 'oral', 'activity', 'project', 'exam');--> statement-breakpoint
CREATE TABLE "assessment_marks" (
	"assessment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_marks_assessment_id_student_id_pk" PRIMARY KEY("assessment_id","student_id"),
	CONSTRAINT "assessment_marks_score_check" CHECK ("assessment_marks"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"academic_year" smallint NOT NULL,
	"kind" "assessment_kind" NOT NULL,
	"title" varchar(100) NOT NULL,
	"date" date NOT NULL,
	"max_score" numeric(5, 2) DEFAULT 20 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_max_score_check" CHECK ("assessments"."max_score" > 0 and "assessments"."max_score" <= 100)
);
--> statement-breakpoint
ALTER TABLE "assessment_marks" ADD CONSTRAINT "assessment_marks_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_marks" ADD CONSTRAINT "assessment_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_subject_id_group_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."group_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_marks_student_idx" ON "assessment_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "assessments_subject_date_idx" ON "assessments" USING btree ("subject_id","date");