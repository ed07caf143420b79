-- Search by reference (issue 30: «SZ-1001» found nothing on the site or in
-- the admin): the model now adds a property's reference to its search words
-- (app/lib/search.ts referenceSearchText: the letter and digit runs apart,
-- joined by hyphens, and run together). The same for the rows already stored, with
-- the case folded as the application folds it (lower() folds only ASCII in a
-- C locale, so Cyrillic capitals are translated). updated_at stays: nothing
-- a person wrote changed.
ALTER TABLE "real_estates" DISABLE TRIGGER "real_estates_set_updated_at";--> statement-breakpoint
UPDATE "real_estates" AS r
SET "search_vector" = r."search_vector" || to_tsvector('simple', p.apart || ' ' || p.dashed || ' ' || p.joined)
FROM (
  SELECT e."id", string_agg(x.m[1], ' ' ORDER BY x.n) AS apart, string_agg(x.m[1], '-' ORDER BY x.n) AS dashed, string_agg(x.m[1], '' ORDER BY x.n) AS joined
  FROM "real_estates" AS e,
    regexp_matches(
      translate(lower(e."reference"), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе'),
      '([a-zа-я]+|[0-9]+)',
      'g'
    ) WITH ORDINALITY AS x(m, n)
  WHERE e."reference" IS NOT NULL
  GROUP BY e."id"
) AS p
WHERE r."id" = p."id";--> statement-breakpoint
ALTER TABLE "real_estates" ENABLE TRIGGER "real_estates_set_updated_at";
