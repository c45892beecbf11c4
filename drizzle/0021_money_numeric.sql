ALTER TABLE "bills" ALTER COLUMN "value" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "amount" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "bill_value" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "client_plans" ALTER COLUMN "price" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "plan_simulations" ALTER COLUMN "bill_value" SET DATA TYPE numeric(12, 2);