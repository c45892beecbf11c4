CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"client_plan_id" integer NOT NULL,
	"method" text NOT NULL,
	"brand" text,
	"last4" text,
	"holder" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"provider" text,
	"charge_id" text,
	"amount" double precision,
	"expires_day" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_payment_tokens" (
	"nonce" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_client_plan_id_client_plans_id_fk" FOREIGN KEY ("client_plan_id") REFERENCES "public"."client_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_customer_key" ON "checkouts" USING btree ("customer_id");