CREATE TABLE "attempt_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_windows_key_length" CHECK (char_length("attempt_windows"."key") BETWEEN 1 AND 256),
	CONSTRAINT "attempt_windows_count_positive" CHECK ("attempt_windows"."count" > 0)
);
