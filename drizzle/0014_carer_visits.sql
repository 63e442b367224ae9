CREATE TABLE "visits" (
	"id" text PRIMARY KEY NOT NULL,
	"carer_id" text NOT NULL,
	"package_id" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_times" CHECK ("visits"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "visits"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "visits_minutes" CHECK ("visits"."minutes" between 1 and 720)
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "source" text DEFAULT 'office' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_carer_date_idx" ON "visits" USING btree ("carer_id","date");--> statement-breakpoint
CREATE INDEX "visits_package_date_idx" ON "visits" USING btree ("package_id","date");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_source" CHECK ("deliveries"."source" in ('office', 'carer'));