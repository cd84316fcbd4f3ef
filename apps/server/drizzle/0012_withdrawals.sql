CREATE TABLE "sandbox_market_orders" (
	"custom_id" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"hash_name" text NOT NULL,
	"price" bigint NOT NULL,
	"partner" text NOT NULL,
	"token" text NOT NULL,
	"scenario" text NOT NULL,
	"requests" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_market_orders_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"market_name" text NOT NULL,
	"max_price" bigint NOT NULL,
	"method" text NOT NULL,
	"trade_link" text,
	"steam_login" text,
	"custom_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"vendor_order_id" text,
	"trade_id" text,
	"send_until" timestamp with time zone,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"placed_at" timestamp with time zone,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_custom_id_unique" UNIQUE("custom_id"),
	CONSTRAINT "withdrawals_state_known" CHECK ("withdrawals"."state" in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent', 'accepted', 'failed', 'unavailable', 'support')),
	CONSTRAINT "withdrawals_method_known" CHECK ("withdrawals"."method" in ('trade', 'login'))
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "timer_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_item_active_idx" ON "withdrawals" USING btree ("item_id") WHERE "withdrawals"."state" in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent', 'support');--> statement-breakpoint
CREATE INDEX "withdrawals_due_idx" ON "withdrawals" USING btree ("next_at") WHERE "withdrawals"."state" in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent');--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");