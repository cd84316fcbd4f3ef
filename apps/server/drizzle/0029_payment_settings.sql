-- The payment settings as numbered versions an admin writes in the console (decision 076); the newest is in force. Version 1 is seeded by the server at start from the values that lived in code.
CREATE TABLE "payment_settings_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_versions_positive" CHECK ("payment_settings_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_settings_versions" ADD CONSTRAINT "payment_settings_versions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
