CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text NOT NULL,
	"actor_role" text NOT NULL,
	"procedure" text NOT NULL,
	"record_id" text,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_models" (
	"type" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role" CHECK ("users"."role" in ('Admin', 'Trustee', 'Coordinator', 'Finance', 'Test'))
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" text PRIMARY KEY NOT NULL,
	"carer_id" text NOT NULL,
	"request_id" text NOT NULL,
	"archived" char(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"name" text DEFAULT '' NOT NULL,
	"weekly_hours" numeric(6, 2) DEFAULT 1 NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT 'Wiveliscombe' NOT NULL,
	"county" text DEFAULT 'Somerset' NOT NULL,
	"post_code" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"services" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "packages_id_prefix" CHECK ("packages"."id" like 'p%'),
	CONSTRAINT "packages_archived" CHECK ("packages"."archived" in ('Y', 'N')),
	CONSTRAINT "packages_weekly_hours" CHECK ("packages"."weekly_hours" >= 0),
	CONSTRAINT "packages_dates" CHECK ("packages"."end_date" is null or "packages"."end_date" >= "packages"."start_date")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"archived" char(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_type" text DEFAULT 'paid' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"custom_id" text DEFAULT '' NOT NULL,
	"weekly_hours" numeric(6, 2) DEFAULT 1 NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT 'Wiveliscombe' NOT NULL,
	"county" text DEFAULT 'Somerset' NOT NULL,
	"post_code" text NOT NULL,
	"deprivation_income" boolean DEFAULT false NOT NULL,
	"deprivation_health" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"services" text[] DEFAULT '{}' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "requests_id_prefix" CHECK ("requests"."id" like 'r%'),
	CONSTRAINT "requests_archived" CHECK ("requests"."archived" in ('Y', 'N')),
	CONSTRAINT "requests_type" CHECK ("requests"."request_type" in ('paid', 'unpaid')),
	CONSTRAINT "requests_status" CHECK ("requests"."status" in ('pending', 'urgent')),
	CONSTRAINT "requests_weekly_hours" CHECK ("requests"."weekly_hours" between 0 and 168),
	CONSTRAINT "requests_dates" CHECK ("requests"."end_date" is null or "requests"."end_date" >= "requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "mag_attendees" (
	"mag_log_id" text NOT NULL,
	"person_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"archived" text DEFAULT 'N' NOT NULL,
	"address" jsonb,
	CONSTRAINT "mag_attendees_mag_log_id_person_id_pk" PRIMARY KEY("mag_log_id","person_id"),
	CONSTRAINT "mag_attendees_kind" CHECK ("mag_attendees"."kind" in ('client', 'mp', 'volunteer'))
);
--> statement-breakpoint
CREATE TABLE "mag_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"archived" char(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"total_clients" integer DEFAULT 0 NOT NULL,
	"total_family" integer DEFAULT 0 NOT NULL,
	"total_volunteers" integer DEFAULT 0 NOT NULL,
	"total_mps" integer DEFAULT 0 NOT NULL,
	"other_attendees" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "mag_logs_id_prefix" CHECK ("mag_logs"."id" like 'g%'),
	CONSTRAINT "mag_logs_archived" CHECK ("mag_logs"."archived" in ('Y', 'N')),
	CONSTRAINT "mag_logs_counts" CHECK (least("mag_logs"."total_clients", "mag_logs"."total_family", "mag_logs"."total_volunteers", "mag_logs"."total_mps", "mag_logs"."other_attendees") >= 0)
);
--> statement-breakpoint
CREATE TABLE "training_records" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"archived" char(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_date" date,
	"name" text NOT NULL,
	"record_name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "training_records_id_prefix" CHECK ("training_records"."id" like 't%'),
	CONSTRAINT "training_records_archived" CHECK ("training_records"."archived" in ('Y', 'N'))
);
--> statement-breakpoint
CREATE TABLE "postcode_deprivation" (
	"post_code" text PRIMARY KEY NOT NULL,
	"lsoa_code" text NOT NULL,
	"income_decile" smallint NOT NULL,
	"health_decile" smallint NOT NULL,
	"edition" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carers" (
	"id" text PRIMARY KEY NOT NULL,
	"archived" char(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date,
	"street_address" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT 'Wiveliscombe' NOT NULL,
	"county" text DEFAULT 'Somerset' NOT NULL,
	"post_code" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"next_of_kin" text DEFAULT '' NOT NULL,
	"services" text[] DEFAULT '{}' NOT NULL,
	"attends_mag" boolean DEFAULT false NOT NULL,
	"dbs_expiry" date,
	"public_liability_expiry" date,
	"capacity" text DEFAULT '' NOT NULL,
	CONSTRAINT "carers_id_prefix" CHECK ("carers"."id" like 'm%' or "carers"."id" like 'v%'),
	CONSTRAINT "carers_archived" CHECK ("carers"."archived" in ('Y', 'N'))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"archived" char(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date,
	"street_address" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT 'Wiveliscombe' NOT NULL,
	"county" text DEFAULT 'Somerset' NOT NULL,
	"post_code" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"next_of_kin" text DEFAULT '' NOT NULL,
	"services" text[] DEFAULT '{}' NOT NULL,
	"attends_mag" boolean DEFAULT false NOT NULL,
	"deprivation_income" boolean DEFAULT false NOT NULL,
	"deprivation_health" boolean DEFAULT false NOT NULL,
	"deprivation_lsoa" text,
	"deprivation_edition" text,
	"custom_id" text DEFAULT '' NOT NULL,
	"donation_scheme" boolean DEFAULT false NOT NULL,
	"donation_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"referred_by" text DEFAULT '' NOT NULL,
	"client_agreement_date" date,
	"client_agreement_comments" text DEFAULT '' NOT NULL,
	"risk_assessment_date" date,
	"risk_assessment_comments" text DEFAULT '' NOT NULL,
	"end_date" date,
	"attendance_allowance" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "clients_id_prefix" CHECK ("clients"."id" like 'c%'),
	CONSTRAINT "clients_archived" CHECK ("clients"."archived" in ('Y', 'N')),
	CONSTRAINT "clients_attendance_allowance" CHECK ("clients"."attendance_allowance" in ('no', 'pending', 'Low', 'High'))
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text,
	"carer_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"note" text NOT NULL,
	"source" text DEFAULT 'Phone' NOT NULL,
	"minutes_taken" numeric(10, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "notes_one_owner" CHECK (("notes"."client_id" is null) <> ("notes"."carer_id" is null)),
	CONSTRAINT "notes_source" CHECK ("notes"."source" in ('Phone', 'Email', 'In Person')),
	CONSTRAINT "notes_minutes_taken" CHECK ("notes"."minutes_taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mag_attendees" ADD CONSTRAINT "mag_attendees_mag_log_id_mag_logs_id_fk" FOREIGN KEY ("mag_log_id") REFERENCES "public"."mag_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_owner_id_carers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "oidc_models_grant_idx" ON "oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "packages_request_idx" ON "packages" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "packages_carer_idx" ON "packages" USING btree ("carer_id");--> statement-breakpoint
CREATE INDEX "packages_end_date_idx" ON "packages" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "requests_client_idx" ON "requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "requests_end_date_idx" ON "requests" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "mag_attendees_person_idx" ON "mag_attendees" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "mag_logs_date_idx" ON "mag_logs" USING btree ("date");--> statement-breakpoint
CREATE INDEX "training_records_owner_idx" ON "training_records" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "training_records_expiry_idx" ON "training_records" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "carers_dbs_expiry_idx" ON "carers" USING btree ("dbs_expiry");--> statement-breakpoint
CREATE INDEX "carers_public_liability_expiry_idx" ON "carers" USING btree ("public_liability_expiry");--> statement-breakpoint
CREATE INDEX "notes_client_idx" ON "notes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "notes_carer_idx" ON "notes" USING btree ("carer_id");