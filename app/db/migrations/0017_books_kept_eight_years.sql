-- Invoices and bookings are kept 8 years since 2025 (§147(3) AO, §14b UStG), not 10: the identity of a deleted
-- account kept for them goes 8 years after the day of deletion in Berlin, as business.backOffice.retentionYears now
-- says for new deletions (docs/rules/back-office.md#case-queues). 29 February becomes 28 February, as the app counts.
UPDATE "retained_customer_records"
  SET "retain_until" = CASE
    WHEN to_char("deleted_at" AT TIME ZONE 'Europe/Berlin', 'MM-DD') = '02-29'
      THEN make_date(extract(year FROM "deleted_at" AT TIME ZONE 'Europe/Berlin')::int + 8, 2, 28)
    ELSE (("deleted_at" AT TIME ZONE 'Europe/Berlin')::date + interval '8 years')::date
  END
  WHERE "retain_until" > (("deleted_at" AT TIME ZONE 'Europe/Berlin')::date + interval '8 years')::date;
