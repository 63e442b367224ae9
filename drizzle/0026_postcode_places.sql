ALTER TABLE "postcode_deprivation" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "postcode_deprivation" ADD COLUMN "longitude" double precision;