CREATE TABLE "client_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"plan_type" text NOT NULL,
	"price" double precision NOT NULL,
	"free_months" integer NOT NULL,
	"deadline_years" integer NOT NULL,
	"offer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_plans" ADD CONSTRAINT "client_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_plans_customer_key" ON "client_plans" USING btree ("customer_id");