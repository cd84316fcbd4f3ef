CREATE TABLE "payment_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"country" text NOT NULL,
	"method_id" integer NOT NULL,
	"pay_method" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"site_amount_minor" bigint NOT NULL,
	"bonus_inputs" jsonb NOT NULL,
	"promo_code" text,
	"plan" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_orders_status_known" CHECK ("payment_orders"."status" in ('pending', 'success', 'fail')),
	CONSTRAINT "payment_orders_amounts_positive" CHECK ("payment_orders"."amount_minor" > 0 and "payment_orders"."site_amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"terms" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 0 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_known" CHECK ("promo_codes"."kind" in ('common', 'instant', 'blogger')),
	CONSTRAINT "promo_codes_uses_within_limit" CHECK ("promo_codes"."total_limit" = 0 or "promo_codes"."uses" <= "promo_codes"."total_limit")
);
--> statement-breakpoint
CREATE TABLE "promo_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" text,
	"credited_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_promos" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_promos" ADD CONSTRAINT "user_promos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_promos" ADD CONSTRAINT "user_promos_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_uses_code_user_idx" ON "promo_uses" USING btree ("code","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_uses_order_idx" ON "promo_uses" USING btree ("order_id");