CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"last_tx_id" bigint DEFAULT 0 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"handled" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_order_idx" ON "activities" USING btree ("tx_id","id");