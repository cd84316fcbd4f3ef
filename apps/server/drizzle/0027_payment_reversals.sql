-- A refund or a chargeback of a paid deposit debits its sum once, even below zero (decision 072):
-- the wallet's balance may go negative through that one debit, shown to operators as a debt;
-- every other debit stays conditional on the balance covering it. The reconciliation pass reads
-- pending orders by age.
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_amount_non_negative";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "reversal" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_reversal_known" CHECK ("payment_orders"."reversal" is null or ("payment_orders"."reversal" in ('refund', 'chargeback') and "payment_orders"."status" = 'success'));--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."status" = 'pending';
