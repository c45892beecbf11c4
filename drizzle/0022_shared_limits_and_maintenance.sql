CREATE TABLE "address_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"instance" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "address_actions_idx" ON "address_actions" USING btree ("address","action","at");