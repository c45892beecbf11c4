CREATE TABLE "process_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"version" integer NOT NULL,
	"event" text NOT NULL,
	"by_kind" text NOT NULL,
	"staff_id" integer,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_events" ADD CONSTRAINT "process_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_events_customer_idx" ON "process_events" USING btree ("customer_id","id");