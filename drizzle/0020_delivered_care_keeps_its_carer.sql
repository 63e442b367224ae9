-- Each day's entry keeps the carer who gave the care: today's package carer for every entry made so far.
ALTER TABLE "deliveries" ADD COLUMN "carer_id" text;--> statement-breakpoint
-- The monthly sums are built afresh below, so the backfill need not be summed into them row by row.
ALTER TABLE "deliveries" DISABLE TRIGGER "delivery_months_update";--> statement-breakpoint
UPDATE "deliveries" AS d SET "carer_id" = p."carer_id" FROM "packages" AS p WHERE p."id" = d."package_id";--> statement-breakpoint
ALTER TABLE "deliveries" ENABLE TRIGGER "delivery_months_update";--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "carer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
DROP INDEX "deliveries_package_date_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_package_date_carer_idx" ON "deliveries" USING btree ("package_id","date","carer_id");--> statement-breakpoint
CREATE INDEX "deliveries_carer_date_idx" ON "deliveries" USING btree ("carer_id","date");--> statement-breakpoint
-- The monthly sums by package, carer and month: emptied, keyed by carer, and summed again from the entries.
DELETE FROM "delivery_months";--> statement-breakpoint
ALTER TABLE "delivery_months" DROP CONSTRAINT "delivery_months_package_id_month_pk";--> statement-breakpoint
ALTER TABLE "delivery_months" ADD COLUMN "carer_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_months" ADD CONSTRAINT "delivery_months_package_id_carer_id_month_pk" PRIMARY KEY("package_id","carer_id","month");--> statement-breakpoint
ALTER TABLE "delivery_months" ADD CONSTRAINT "delivery_months_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "delivery_months" ("package_id", "carer_id", "month", "hours", "missed", "entries")
SELECT "package_id", "carer_id", date_trunc('month', "date")::date, sum("hours"), count(*) FILTER (WHERE "status" = 'missed'), count(*)
FROM "deliveries" GROUP BY 1, 2, 3;--> statement-breakpoint
-- Keeps delivery_months the sum of deliveries by package, carer and month, once per statement.
CREATE OR REPLACE FUNCTION "delivery_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM delivery_months;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE delivery_months AS m
    SET hours = m.hours - gone.hours, missed = m.missed - gone.missed, entries = m.entries - gone.entries
    FROM (
      SELECT package_id, carer_id, date_trunc('month', date)::date AS month, sum(hours) AS hours,
        count(*) FILTER (WHERE status = 'missed') AS missed, count(*) AS entries
      FROM old_entries GROUP BY 1, 2, 3
    ) AS gone
    WHERE m.package_id = gone.package_id AND m.carer_id = gone.carer_id AND m.month = gone.month;
    DELETE FROM delivery_months AS m
    USING (SELECT DISTINCT package_id, carer_id, date_trunc('month', date)::date AS month FROM old_entries) AS gone
    WHERE m.package_id = gone.package_id AND m.carer_id = gone.carer_id AND m.month = gone.month AND m.entries = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO delivery_months AS m (package_id, carer_id, month, hours, missed, entries)
    SELECT package_id, carer_id, date_trunc('month', date)::date, sum(hours), count(*) FILTER (WHERE status = 'missed'), count(*)
    FROM new_entries GROUP BY 1, 2, 3
    ON CONFLICT (package_id, carer_id, month) DO UPDATE
    SET hours = m.hours + excluded.hours, missed = m.missed + excluded.missed, entries = m.entries + excluded.entries;
  END IF;
  RETURN NULL;
END
$$;
