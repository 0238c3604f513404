-- Issue 32 item 13: a role's description in each language, shown in the viewer's. Descriptions
-- written as "中文 / English" are split in two.
ALTER TABLE "roles" ADD COLUMN "description_en" TEXT;
UPDATE "roles"
SET "description_en" = btrim(substr("description", strpos("description", ' / ') + 3)),
    "description" = btrim(substr("description", 1, strpos("description", ' / ') - 1))
WHERE strpos("description", ' / ') > 0 AND "description" ~ '[一-龥]' AND substr("description", strpos("description", ' / ') + 3) !~ '[一-龥]';
