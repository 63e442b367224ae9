CREATE TABLE "login_refusals" (
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"refusals" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_refusals_ip_window_start_pk" PRIMARY KEY("ip","window_start")
);
