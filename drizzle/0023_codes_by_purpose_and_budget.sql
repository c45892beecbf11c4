ALTER TABLE "access_codes" ADD COLUMN "purpose" text DEFAULT 'access' NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_events_kind_at_idx" ON "auth_events" USING btree ("kind","at");