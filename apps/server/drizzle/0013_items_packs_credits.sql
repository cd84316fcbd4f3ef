ALTER TABLE "catalogue_items" ADD COLUMN "type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "pack_contents" jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_type_known" CHECK ("catalogue_items"."type" in (0, 1, 3));--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_pack_contents" CHECK (("catalogue_items"."type" = 1) = ("catalogue_items"."pack_contents" is not null));