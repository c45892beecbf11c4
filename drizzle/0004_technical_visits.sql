CREATE TABLE "calendar_blocked_days" (
	"day" text PRIMARY KEY NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"day" text NOT NULL,
	"slot" text NOT NULL,
	"time_zone" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"phone" text NOT NULL,
	"cep" text NOT NULL,
	"address" text NOT NULL,
	"number" text NOT NULL,
	"complement" text,
	"neighborhood" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "technical_visits" ADD CONSTRAINT "technical_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technical_visits_customer_idx" ON "technical_visits" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "technical_visits_one_open" ON "technical_visits" USING btree ("customer_id") WHERE status in ('UNCONFIRMED_APPOINTMENT', 'CONFIRMED_SCHEDULE');