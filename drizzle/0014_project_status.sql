CREATE TABLE "project_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_filings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"stage" text NOT NULL,
	"protocol" text NOT NULL,
	"distributor" text,
	"filed_on" date NOT NULL,
	"deadline_days" integer,
	"deadline_unit" text DEFAULT 'CALENDAR' NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"message" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_success_cases" ADD COLUMN "upload_available" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_case_id_customer_success_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."customer_success_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_filings" ADD CONSTRAINT "project_filings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_filings" ADD CONSTRAINT "project_filings_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_case_id_customer_success_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."customer_success_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_files_case_idx" ON "project_files" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_filings_customer_stage_key" ON "project_filings" USING btree ("customer_id","stage");--> statement-breakpoint
CREATE INDEX "project_messages_case_idx" ON "project_messages" USING btree ("case_id","id");