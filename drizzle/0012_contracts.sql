CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"signature_key" text NOT NULL,
	"provider" text NOT NULL,
	"document_ref" text,
	"signer" jsonb NOT NULL,
	"file_key" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_file_key" text,
	"signed_sha256" text,
	"signed_at" timestamp with time zone,
	"evidence" jsonb,
	"trail" jsonb NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_representatives" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_representatives" ADD CONSTRAINT "legal_representatives_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_signature_key" ON "contracts" USING btree ("signature_key");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_customer_type_key" ON "contracts" USING btree ("customer_id","type");--> statement-breakpoint
CREATE INDEX "contracts_signed_sha256_idx" ON "contracts" USING btree ("signed_sha256");