CREATE TABLE "visit_refusals" (
	"carer_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"refusals" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_refusals_carer_id_window_start_pk" PRIMARY KEY("carer_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "visit_refusals" ADD CONSTRAINT "visit_refusals_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE cascade ON UPDATE no action;