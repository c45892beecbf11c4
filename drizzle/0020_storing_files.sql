CREATE TABLE "storing_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"writer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
