CREATE TABLE "staff_sign_in_holds" (
	"staff_id" integer NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"held_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_sign_in_holds_staff_id_address_pk" PRIMARY KEY("staff_id","address")
);
--> statement-breakpoint
ALTER TABLE "auth_events" ADD COLUMN "purpose" text DEFAULT 'access' NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_proofs" ADD COLUMN "failed_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sign_in_holds" ADD CONSTRAINT "staff_sign_in_holds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;