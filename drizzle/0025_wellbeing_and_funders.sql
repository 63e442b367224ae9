CREATE TABLE "funders" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funders_id_prefix" CHECK ("funders"."id" like 'f%')
);
--> statement-breakpoint
CREATE TABLE "wellbeing_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"asked_on" date NOT NULL,
	"life_satisfaction" integer,
	"worthwhile" integer,
	"happy" integer,
	"anxious" integer,
	"lonely" text,
	"matters_most" text DEFAULT '' NOT NULL,
	"declined" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carer_id" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wellbeing_answers_id_prefix" CHECK ("wellbeing_answers"."id" like 'w%'),
	CONSTRAINT "wellbeing_answers_life_satisfaction" CHECK ("wellbeing_answers"."life_satisfaction" is null or "wellbeing_answers"."life_satisfaction" between 0 and 10),
	CONSTRAINT "wellbeing_answers_worthwhile" CHECK ("wellbeing_answers"."worthwhile" is null or "wellbeing_answers"."worthwhile" between 0 and 10),
	CONSTRAINT "wellbeing_answers_happy" CHECK ("wellbeing_answers"."happy" is null or "wellbeing_answers"."happy" between 0 and 10),
	CONSTRAINT "wellbeing_answers_anxious" CHECK ("wellbeing_answers"."anxious" is null or "wellbeing_answers"."anxious" between 0 and 10),
	CONSTRAINT "wellbeing_answers_lonely" CHECK ("wellbeing_answers"."lonely" is null or "wellbeing_answers"."lonely" in ('oftenOrAlways', 'someOfTheTime', 'occasionally', 'hardlyEver', 'never'))
);
--> statement-breakpoint
CREATE TABLE "wellbeing_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"review_weeks" integer DEFAULT 12 NOT NULL,
	"carers_may_ask" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wellbeing_settings_one_row" CHECK ("wellbeing_settings"."id" = 'default'),
	CONSTRAINT "wellbeing_settings_review_weeks" CHECK ("wellbeing_settings"."review_weeks" between 1 and 104)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "funder_id" text;--> statement-breakpoint
ALTER TABLE "wellbeing_answers" ADD CONSTRAINT "wellbeing_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellbeing_answers" ADD CONSTRAINT "wellbeing_answers_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funders_name_idx" ON "funders" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "wellbeing_answers_client_idx" ON "wellbeing_answers" USING btree ("client_id","asked_on");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE restrict ON UPDATE no action;