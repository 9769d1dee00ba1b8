-- A repeat pre-registration form becomes a record of its own (no 409 that tells a stranger a national
-- code has registered); the must_change_password column added by the previous migration is not used.
DROP INDEX "pre_registrations_national_year_key";--> statement-breakpoint
CREATE INDEX "pre_registrations_national_year_idx" ON "pre_registrations" USING btree ("national_code","academic_year");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "must_change_password";