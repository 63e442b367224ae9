ALTER TABLE "visits" DROP CONSTRAINT "visits_status";--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "original" jsonb;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_status" CHECK ("visits"."status" in ('recorded', 'toResolve', 'turnedDown', 'withdrawn'));