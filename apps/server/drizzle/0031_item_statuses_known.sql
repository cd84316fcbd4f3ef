-- Decision 081: an item takes only the statuses this store writes. Added NOT VALID and then
-- validated, so the check scans the existing items without holding writes to them meanwhile.
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_status_known" CHECK ("inventory_items"."status" in ('progress', 'selled', 'to_upgrade', 'to_contract', 'PREPARING', 'vendor waiting', 'send', 'STEAM_WITHDRAWN', 'support', 'EXCHANGED', 'unpacked', 'completed')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "inventory_items" VALIDATE CONSTRAINT "inventory_items_status_known";
