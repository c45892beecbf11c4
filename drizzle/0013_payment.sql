CREATE TABLE "financings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"decided_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"secure_url" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" text NOT NULL,
	"payer_name" text NOT NULL,
	"description" text NOT NULL,
	"digitable_line" text,
	"barcode" text,
	"pix_code" text,
	"paid_at" timestamp with time zone,
	"paid_via" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "financings" ADD CONSTRAINT "financings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financings" ADD CONSTRAINT "financings_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_ref_key" ON "invoices" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_customer_open_key" ON "invoices" USING btree ("customer_id") WHERE "invoices"."status" in ('PENDING', 'PAID');--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");