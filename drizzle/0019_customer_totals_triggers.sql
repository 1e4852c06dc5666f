-- Each customer's figures, kept in step with their orders (issue 25, decision 057). Every statement that inserts,
-- updates or deletes orders refreshes the customers it touched, in phone order (so two statements never lock two
-- customers in opposite orders), each under its row's lock and recomputed from the orders after taking it (so two
-- orders of one customer placed at once both count). An anonymised order has no phone and belongs to nobody.
CREATE FUNCTION "refresh_customer_totals"(phones text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  phones := ARRAY(SELECT DISTINCT p FROM unnest(phones) AS p WHERE p IS NOT NULL AND p <> '' ORDER BY p);
  IF cardinality(phones) = 0 THEN RETURN; END IF;
  INSERT INTO "customer_totals" ("phone_digits") SELECT unnest(phones) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "customer_totals" WHERE "phone_digits" = ANY(phones) ORDER BY "phone_digits" FOR UPDATE;
  UPDATE "customer_totals" c SET "order_count" = t.n, "spent_cents" = t.spent, "last_order_at" = t.last, "latest_name" = t.latest_name
  FROM (SELECT "client_phone_digits" AS digits, count(*)::int AS n,
               coalesce(sum("total_cents") FILTER (WHERE "payment_status" = 'Paid'), 0) AS spent, max("order_date") AS last,
               (array_agg("client_name" ORDER BY "order_date" DESC, "id" DESC))[1] AS latest_name
        FROM "orders" WHERE "client_phone_digits" = ANY(phones) GROUP BY "client_phone_digits") t
  WHERE c."phone_digits" = t.digits;
  DELETE FROM "customer_totals" c WHERE c."phone_digits" = ANY(phones)
    AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."client_phone_digits" = c."phone_digits");
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_customer_totals"(ARRAY(SELECT "client_phone_digits" FROM new_orders));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only orders whose phone, name, date, total or payment changed move a customer's figures.
  PERFORM "refresh_customer_totals"(ARRAY(
    SELECT unnest(ARRAY[o."client_phone_digits", n."client_phone_digits"])
    FROM old_orders o JOIN new_orders n ON n."id" = o."id"
    WHERE (o."client_phone_digits", o."client_name", o."order_date", o."total_cents", o."payment_status")
      IS DISTINCT FROM (n."client_phone_digits", n."client_name", n."order_date", n."total_cents", n."payment_status")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_customer_totals"(ARRAY(SELECT "client_phone_digits" FROM old_orders));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_totals_after_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_after_insert"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_after_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_after_update"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_after_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_after_delete"();--> statement-breakpoint
INSERT INTO "customer_totals" ("phone_digits", "latest_name", "order_count", "spent_cents", "last_order_at")
SELECT DISTINCT ON (o."client_phone_digits") o."client_phone_digits", o."client_name", t.n, t.spent, t.last
FROM "orders" o
JOIN (SELECT "client_phone_digits", count(*)::int AS n, coalesce(sum("total_cents") FILTER (WHERE "payment_status" = 'Paid'), 0) AS spent,
             max("order_date") AS last
      FROM "orders" GROUP BY "client_phone_digits") t ON t."client_phone_digits" = o."client_phone_digits"
WHERE o."client_phone_digits" <> ''
ORDER BY o."client_phone_digits", o."order_date" DESC, o."id" DESC;
