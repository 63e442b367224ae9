ALTER TABLE "visits" DROP CONSTRAINT "visits_minutes";--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "status" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "tell_office" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "seen_by" text;--> statement-breakpoint
CREATE INDEX "visits_for_the_office_idx" ON "visits" USING btree ("recorded_at") WHERE "visits"."tell_office" and "visits"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "visits_to_resolve_idx" ON "visits" USING btree ("recorded_at") WHERE "visits"."status" = 'toResolve';--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_status" CHECK ("visits"."status" in ('recorded', 'toResolve', 'turnedDown'));--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_minutes" CHECK ("visits"."minutes" between 1 and 1439);