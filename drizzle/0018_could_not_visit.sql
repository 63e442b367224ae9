ALTER TABLE "visits" DROP CONSTRAINT "visits_minutes";--> statement-breakpoint
DROP INDEX "visits_for_the_office_idx";--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "start_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "end_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "could_not_visit" text;--> statement-breakpoint
CREATE INDEX "visits_for_the_office_idx" ON "visits" USING btree ("recorded_at") WHERE ("visits"."tell_office" or "visits"."could_not_visit" is not null) and "visits"."seen_at" is null;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_minutes" CHECK (("visits"."could_not_visit" is null and "visits"."start_time" is not null and "visits"."end_time" is not null and "visits"."minutes" between 1 and 1439) or ("visits"."could_not_visit" in ('noAnswer', 'clientCancelled', 'clientAway', 'carerCouldNotCome') and "visits"."start_time" is null and "visits"."end_time" is null and "visits"."minutes" = 0));