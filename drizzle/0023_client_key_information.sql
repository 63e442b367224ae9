CREATE TABLE "client_key_information" (
	"client_id" text PRIMARY KEY NOT NULL,
	"access_notes" text DEFAULT '' NOT NULL,
	"key_safe_code" text,
	"allergies_and_risks" text DEFAULT '' NOT NULL,
	"emergency_contact" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_key_information" ADD CONSTRAINT "client_key_information_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;