CREATE TABLE "delivery_months" (
	"package_id" text NOT NULL,
	"month" date NOT NULL,
	"hours" numeric(10, 2) DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_months_package_id_month_pk" PRIMARY KEY("package_id","month")
);
--> statement-breakpoint
ALTER TABLE "delivery_months" ADD CONSTRAINT "delivery_months_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_months_month_idx" ON "delivery_months" USING btree ("month");--> statement-breakpoint
INSERT INTO "delivery_months" ("package_id", "month", "hours", "missed", "entries")
SELECT "package_id", date_trunc('month', "date")::date, sum("hours"), count(*) FILTER (WHERE "status" = 'missed'), count(*)
FROM "deliveries" GROUP BY 1, 2;--> statement-breakpoint
-- Keeps delivery_months the sum of deliveries, once per statement (a bulk import sums its rows first).
CREATE FUNCTION "delivery_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM delivery_months;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE delivery_months AS m
    SET hours = m.hours - gone.hours, missed = m.missed - gone.missed, entries = m.entries - gone.entries
    FROM (
      SELECT package_id, date_trunc('month', date)::date AS month, sum(hours) AS hours,
        count(*) FILTER (WHERE status = 'missed') AS missed, count(*) AS entries
      FROM old_entries GROUP BY 1, 2
    ) AS gone
    WHERE m.package_id = gone.package_id AND m.month = gone.month;
    DELETE FROM delivery_months AS m
    USING (SELECT DISTINCT package_id, date_trunc('month', date)::date AS month FROM old_entries) AS gone
    WHERE m.package_id = gone.package_id AND m.month = gone.month AND m.entries = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO delivery_months AS m (package_id, month, hours, missed, entries)
    SELECT package_id, date_trunc('month', date)::date, sum(hours), count(*) FILTER (WHERE status = 'missed'), count(*)
    FROM new_entries GROUP BY 1, 2
    ON CONFLICT (package_id, month) DO UPDATE
    SET hours = m.hours + excluded.hours, missed = m.missed + excluded.missed, entries = m.entries + excluded.entries;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "delivery_months_insert" AFTER INSERT ON "deliveries" REFERENCING NEW TABLE AS new_entries
FOR EACH STATEMENT EXECUTE FUNCTION "delivery_months_apply"();--> statement-breakpoint
CREATE TRIGGER "delivery_months_update" AFTER UPDATE ON "deliveries" REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
FOR EACH STATEMENT EXECUTE FUNCTION "delivery_months_apply"();--> statement-breakpoint
CREATE TRIGGER "delivery_months_delete" AFTER DELETE ON "deliveries" REFERENCING OLD TABLE AS old_entries
FOR EACH STATEMENT EXECUTE FUNCTION "delivery_months_apply"();--> statement-breakpoint
CREATE TRIGGER "delivery_months_truncate" AFTER TRUNCATE ON "deliveries"
FOR EACH STATEMENT EXECUTE FUNCTION "delivery_months_apply"();
