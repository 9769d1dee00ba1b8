CREATE TABLE "report_card_grades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_card_grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_card_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_name" varchar(100) NOT NULL,
	"weight" smallint NOT NULL,
	"score" numeric(4, 2),
	"descriptive" varchar(20),
	CONSTRAINT "report_card_grades_score_check" CHECK ("report_card_grades"."score" is null or "report_card_grades"."score" between 0 and 20),
	CONSTRAINT "report_card_grades_value_check" CHECK ("report_card_grades"."score" is not null or "report_card_grades"."descriptive" is not null)
);
--> statement-breakpoint
CREATE TABLE "report_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"academic_year" smallint NOT NULL,
	"term" varchar(20) NOT NULL,
	"remarks" text,
	"average" numeric(5, 2),
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_card_grades" ADD CONSTRAINT "report_card_grades_report_card_id_report_cards_id_fk" FOREIGN KEY ("report_card_id") REFERENCES "public"."report_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_grades" ADD CONSTRAINT "report_card_grades_subject_id_group_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."group_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_card_grades_card_subject_key" ON "report_card_grades" USING btree ("report_card_id","subject_id");--> statement-breakpoint
CREATE INDEX "report_card_grades_subject_idx" ON "report_card_grades" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_cards_student_group_term_key" ON "report_cards" USING btree ("student_id","group_id","term");--> statement-breakpoint
CREATE INDEX "report_cards_group_term_idx" ON "report_cards" USING btree ("group_id","term");