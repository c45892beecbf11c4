CREATE TABLE "customer_success_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_simulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"bill_value" double precision NOT NULL,
	"deadline_years" integer NOT NULL,
	"level" text NOT NULL,
	"is_fit" boolean NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_success_cases" ADD CONSTRAINT "customer_success_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_simulations" ADD CONSTRAINT "plan_simulations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_success_customer_key" ON "customer_success_cases" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "plan_simulations_customer_idx" ON "plan_simulations" USING btree ("customer_id","id");