CREATE TABLE "email_changes" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"secret_hash" text NOT NULL,
	"code_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"failed_tries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;