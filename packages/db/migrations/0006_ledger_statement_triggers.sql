-- The ledger triggers of 0003 per statement instead of per line (decision 008, "Ledger triggers per
-- statement"): the monthly batch writes 200,000 journal lines in a few hundred statements, and a trigger
-- call plus a deferred check per line cost more than the lines themselves.
--
-- Writer rule: the lines one statement writes for a journal entry balance — in practice all lines of an
-- entry go in one INSERT (`postJournalEntry` does, the batch's multi-row INSERT … SELECT does). The check
-- is then immediate (at the end of the statement), no longer deferred to the commit, and every entry
-- still balances at all times: each statement adds lines that sum to zero per entry.
DROP TRIGGER "journal_lines_balanced" ON "journal_lines";--> statement-breakpoint
DROP TRIGGER "journal_lines_customer_balance" ON "journal_lines";--> statement-breakpoint
DROP FUNCTION "journal_entry_check_balance"();--> statement-breakpoint
DROP FUNCTION "journal_lines_update_customer_balance"();--> statement-breakpoint
CREATE FUNCTION "journal_lines_check_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	unbalanced record;
BEGIN
	SELECT "entry_id", sum("amount") AS "total" INTO unbalanced FROM "new_lines"
		GROUP BY "entry_id" HAVING sum("amount") <> 0 LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'journal entry % does not balance: the lines one statement writes for it sum to % (write all lines of an entry in one INSERT)',
			unbalanced."entry_id", unbalanced."total" USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines" REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "journal_lines_check_balance"();--> statement-breakpoint
-- The running balances of the customer liability accounts (credits − debits), moved once per statement
-- by its net movement per customer and account. A missing row is created with 0 first (a single upsert
-- would not do: the CHECK is tested on the row proposed for insertion, before the conflict is found), so
-- customer_balances' CHECK ≥ 0 only ever sees real balances and refuses a statement that leaves one below
-- zero. The rows are locked in (customer, account) order before they are moved, so two statements touching
-- the same customers wait for each other instead of deadlocking, and the lock still serialises concurrent
-- movements of one customer.
CREATE FUNCTION "journal_lines_update_customer_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "customer_balances" ("customer_id", "account", "balance")
		SELECT DISTINCT "customer_id", "account", 0 FROM "new_lines"
		WHERE "account" IN ('customer_cash', 'customer_unsettled')
		ORDER BY "customer_id", "account"
		ON CONFLICT DO NOTHING;
	WITH "moved" AS (
		SELECT "customer_id", "account", sum("amount") AS "total" FROM "new_lines"
		WHERE "account" IN ('customer_cash', 'customer_unsettled')
		GROUP BY "customer_id", "account"
	), "locked" AS (
		SELECT b."customer_id", b."account", m."total"
		FROM "customer_balances" b JOIN "moved" m ON m."customer_id" = b."customer_id" AND m."account" = b."account"
		ORDER BY b."customer_id", b."account"
		FOR NO KEY UPDATE OF b
	)
	UPDATE "customer_balances" b SET "balance" = b."balance" - l."total", "updated_at" = now()
		FROM "locked" l
		WHERE b."customer_id" = l."customer_id" AND b."account" = l."account";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_customer_balance" AFTER INSERT ON "journal_lines" REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "journal_lines_update_customer_balances"();
