ALTER TABLE "users" DROP CONSTRAINT "users_role";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "carer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_carer_id_unique" UNIQUE("carer_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_carer" CHECK (("users"."role" = 'Carer') = ("users"."carer_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('Admin', 'Trustee', 'Coordinator', 'Finance', 'Test', 'Carer'));