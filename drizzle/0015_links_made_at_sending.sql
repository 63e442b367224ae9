ALTER TABLE "password_links" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "password_links" ADD CONSTRAINT "password_links_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_links" ADD CONSTRAINT "password_links_message_id_unique" UNIQUE("message_id");--> statement-breakpoint
-- A message queued before links were made at sending held its link's token: it keeps the link without it (the
-- mark a sent message's copy shows), so no stored row opens an account. Such a message is then not sent: its link
-- has no token to be made for it, and delivery says so.
UPDATE "mail_messages" SET
  "text" = regexp_replace("text", '(/auth/password/)[A-Za-z0-9_-]+', '\1[Redacted]', 'g'),
  "html" = regexp_replace("html", '(/auth/password/)[A-Za-z0-9_-]+', '\1[Redacted]', 'g')
WHERE "text" LIKE '%/auth/password/%' OR "html" LIKE '%/auth/password/%';
