CREATE TABLE "stored_files" (
	"name" varchar(220) PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
