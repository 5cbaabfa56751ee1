CREATE TABLE "inbound_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"body_hash" text NOT NULL,
	"customer_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_events_event_id_length" CHECK (char_length("inbound_events"."event_id") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX "inbound_events_received_at_idx" ON "inbound_events" USING btree ("received_at");