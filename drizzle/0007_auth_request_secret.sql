CREATE TABLE "customer_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "auth_events" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "customer_actions" ADD CONSTRAINT "customer_actions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_actions_idx" ON "customer_actions" USING btree ("customer_id","action","at");