-- A complex's names among its units' search words (issue 33): the model now
-- adds them (app/lib/search.ts searchTextOf, complex_names), so «Cascadas»
-- finds the complex's flats. The same for the units linked before — by
-- migration 0018 from their free-text complex names, or since — with the
-- names folded as the application folds them (lower() folds only ASCII in a
-- C locale, so Cyrillic capitals are translated, ё read as е). updated_at
-- stays: nothing a person wrote changed.
ALTER TABLE "real_estates" DISABLE TRIGGER "real_estates_set_updated_at";--> statement-breakpoint
UPDATE "real_estates" AS r
SET "search_vector" = r."search_vector" || to_tsvector(
  'simple',
  translate(
    lower(c."name" || ' ' || c."name_bg" || ' ' || c."name_en"),
    'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЍё',
    'абвгдеежзийклмнопрстуфхцчшщъыьэюяѝе'
  )
)
FROM "complexes" AS c
WHERE r."complex_id" = c."id";--> statement-breakpoint
ALTER TABLE "real_estates" ENABLE TRIGGER "real_estates_set_updated_at";
