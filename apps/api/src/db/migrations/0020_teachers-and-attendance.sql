CREATE TYPE "public"."attendance_state" AS ENUM('present', 'absent', 'late', 'excused');--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'teacher';--> statement-breakpoint
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
CREATE TABLE "teacher_subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teacher_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"teacher_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"academic_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"national_code" varchar(10) NOT NULL,
	"sort_name" text COLLATE "C" GENERATED ALWAYS AS (translate(lower(coalesce("last_name", '') || U&'\0001' || coalesce("first_name", '')), U&'آاأإٱءبپتثجچحخدذرزژسشصضطظعغفقکكگلمنوؤهةۀھیيىئ۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩\200C\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0670ـ\200D\200E\200F', U&'\E001\E002\E002\E002\E002\E002\E003\E004\E005\E006\E007\E008\E009\E00A\E00B\E00C\E00D\E00E\E00F\E010\E011\E012\E013\E014\E015\E016\E017\E018\E019\E01A\E01A\E01B\E01C\E01D\E01E\E01F\E01F\E020\E020\E020\E020\E021\E021\E021\E02101234567890123456789 ')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_saves" ADD CONSTRAINT "attendance_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_saves" ADD CONSTRAINT "attendance_saves_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notices" ADD CONSTRAINT "student_notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_subject_id_group_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."group_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_group_date_idx" ON "attendance" USING btree ("group_id","date");--> statement-breakpoint
CREATE INDEX "attendance_date_idx" ON "attendance" USING btree ("date");--> statement-breakpoint
CREATE INDEX "attendance_saves_group_date_idx" ON "attendance_saves" USING btree ("group_id","date");--> statement-breakpoint
CREATE INDEX "student_notices_student_idx" ON "student_notices" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_subjects_subject_key" ON "teacher_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "teacher_subjects_teacher_idx" ON "teacher_subjects" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "teacher_subjects_group_idx" ON "teacher_subjects" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_user_key" ON "teachers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_mobile_key" ON "teachers" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_national_code_key" ON "teachers" USING btree ("national_code");