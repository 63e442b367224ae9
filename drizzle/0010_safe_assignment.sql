CREATE TABLE "carer_exclusions" (
	"client_id" text NOT NULL,
	"carer_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "carer_exclusions_client_id_carer_id_pk" PRIMARY KEY("client_id","carer_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"required_training_mps" text[] DEFAULT '{}' NOT NULL,
	"required_training_volunteers" text[] DEFAULT '{}' NOT NULL,
	"public_liability_mps" boolean DEFAULT true NOT NULL,
	"public_liability_volunteers" boolean DEFAULT false NOT NULL,
	"dbs_recheck_years" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_settings_one_row" CHECK ("compliance_settings"."id" = 'default'),
	CONSTRAINT "compliance_settings_dbs_years" CHECK ("compliance_settings"."dbs_recheck_years" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "compliance_override" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "compliance_override_by" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "compliance_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "dbs_expiry_entered_by_hand" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "dbs_certificate_number" text;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "dbs_issue_date" date;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "dbs_level" text;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "dbs_update_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "dbs_update_service_checked_on" date;--> statement-breakpoint
ALTER TABLE "carers" ADD COLUMN "weekly_hours_available" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "carer_exclusions" ADD CONSTRAINT "carer_exclusions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_exclusions" ADD CONSTRAINT "carer_exclusions_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carer_exclusions_carer_idx" ON "carer_exclusions" USING btree ("carer_id");--> statement-breakpoint
ALTER TABLE "carers" ADD CONSTRAINT "carers_dbs_level" CHECK ("carers"."dbs_level" in ('basic', 'standard', 'enhanced', 'enhanced-barred'));--> statement-breakpoint
ALTER TABLE "carers" ADD CONSTRAINT "carers_weekly_hours_available" CHECK ("carers"."weekly_hours_available" between 0 and 168);