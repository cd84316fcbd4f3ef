-- Functions nothing calls any more: store_roll_ticket gave way to store_padded_ticket with pads
-- made once per roll (0011), and store_hmac_sha256 was its helper. The live functions are in
-- apps/server/sql/, applied after the migrations; the database keeps no other store_ function.
DROP FUNCTION IF EXISTS store_roll_ticket(text, text, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS store_hmac_sha256(bytea, bytea);
