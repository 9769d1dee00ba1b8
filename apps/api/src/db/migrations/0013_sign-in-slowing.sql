CREATE TABLE "login_devices" (
	"device_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_devices_device_hash_user_id_pk" PRIMARY KEY("device_hash","user_id")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"username" varchar(64) NOT NULL,
	"device" varchar(64) DEFAULT '' NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"wait_until" timestamp with time zone,
	CONSTRAINT "login_throttle_username_device_pk" PRIMARY KEY("username","device")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_devices_last_used_idx" ON "login_devices" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "login_throttle_last_failure_idx" ON "login_throttle" USING btree ("last_failure_at");