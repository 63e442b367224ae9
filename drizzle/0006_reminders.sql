CREATE TABLE "carer_reminders_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"carer_id" text NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"day" text NOT NULL,
	"time" text NOT NULL,
	"roles" text[] NOT NULL,
	"windows" integer[] NOT NULL,
	"carer_reminders" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_one_row" CHECK ("reminder_settings"."id" = 'default')
);
--> statement-breakpoint
ALTER TABLE "carer_reminders_sent" ADD CONSTRAINT "carer_reminders_sent_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;