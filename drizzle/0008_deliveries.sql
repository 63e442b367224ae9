CREATE TABLE "closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text NOT NULL,
	CONSTRAINT "closed_months_month" CHECK ("closed_months"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"hours" numeric(4, 2) DEFAULT 0 NOT NULL,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_id_prefix" CHECK ("deliveries"."id" like 'd%'),
	CONSTRAINT "deliveries_status" CHECK ("deliveries"."status" in ('delivered', 'missed')),
	CONSTRAINT "deliveries_hours" CHECK ("deliveries"."hours" between 0 and 24),
	CONSTRAINT "deliveries_missed" CHECK (("deliveries"."status" = 'missed' and "deliveries"."hours" = 0 and "deliveries"."reason" is not null) or ("deliveries"."status" = 'delivered' and "deliveries"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_package_date_idx" ON "deliveries" USING btree ("package_id","date");--> statement-breakpoint
CREATE INDEX "deliveries_date_idx" ON "deliveries" USING btree ("date");