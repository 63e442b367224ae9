CREATE TABLE "phone_contacts" (
	"carer_id" text PRIMARY KEY NOT NULL,
	"heard_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"slot_date" date NOT NULL,
	"slot_start" text NOT NULL,
	"extra" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"reason" text,
	"date" date,
	"start_time" text,
	"end_time" text,
	"carer_id" text,
	"compliance_override" text,
	"compliance_override_by" text,
	"answer" text DEFAULT 'offered' NOT NULL,
	"answered_at" timestamp with time zone,
	"made_by" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "visit_changes_answer" CHECK ("visit_changes"."answer" in ('offered', 'accepted', 'declined')),
	CONSTRAINT "visit_changes_times" CHECK (("visit_changes"."start_time" is null) = ("visit_changes"."end_time" is null) and ("visit_changes"."start_time" is null) = ("visit_changes"."date" is null)),
	CONSTRAINT "visit_changes_extra" CHECK (not "visit_changes"."extra" or ("visit_changes"."date" is not null and not "visit_changes"."cancelled"))
);
--> statement-breakpoint
CREATE TABLE "visit_starts" (
	"planned_visit_id" text PRIMARY KEY NOT NULL,
	"carer_id" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "planned_visit_id" text;--> statement-breakpoint
ALTER TABLE "phone_contacts" ADD CONSTRAINT "phone_contacts_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_changes" ADD CONSTRAINT "visit_changes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_changes" ADD CONSTRAINT "visit_changes_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_starts" ADD CONSTRAINT "visit_starts_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_changes_slot_idx" ON "visit_changes" USING btree ("package_id","slot_date","slot_start");--> statement-breakpoint
CREATE INDEX "visit_changes_date_idx" ON "visit_changes" USING btree ("slot_date");--> statement-breakpoint
CREATE INDEX "visits_planned_idx" ON "visits" USING btree ("planned_visit_id");