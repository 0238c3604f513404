-- AlterTable
ALTER TABLE "schools" ADD COLUMN     "best_rank" INTEGER;

-- Schools ranked before this column existed: their best (lowest) rank over all their rankings.
UPDATE "schools" SET "best_rank" = r."best"
FROM (SELECT "school_id", MIN("rank") AS "best" FROM "school_rankings" GROUP BY "school_id") r
WHERE r."school_id" = "schools"."id";
