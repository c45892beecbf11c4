ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "removed_at" timestamp with time zone;