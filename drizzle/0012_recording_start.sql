CREATE TABLE "delivery_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"recorded_from" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 'default'),
	CONSTRAINT "delivery_settings_recorded_from" CHECK ("delivery_settings"."recorded_from" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
