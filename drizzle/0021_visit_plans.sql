CREATE TABLE "visit_plans" (
	"package_id" text PRIMARY KEY NOT NULL,
	"visits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"any_time_hours" numeric(6, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_plans_any_time" CHECK ("visit_plans"."any_time_hours" is null or "visit_plans"."any_time_hours" > 0)
);
--> statement-breakpoint
ALTER TABLE "visit_plans" ADD CONSTRAINT "visit_plans_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;