-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX "archives_search_name_idx" ON "archives" USING GIN ("search_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "schools_search_name_idx" ON "schools" USING GIN ("search_name" gin_trgm_ops);
