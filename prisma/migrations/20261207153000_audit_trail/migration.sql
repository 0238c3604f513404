
-- AlterTable
ALTER TABLE "archives" ADD COLUMN     "legal_hold" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "operation_changes" (
    "id" BIGSERIAL NOT NULL,
    "operation_log_id" BIGINT NOT NULL,
    "entity" TEXT NOT NULL,
    "entity_id" TEXT,
    "archive_id" INTEGER,
    "module" TEXT,
    "field" TEXT NOT NULL,
    "label_key" TEXT,
    "mask" TEXT,
    "before" TEXT,
    "after" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operation_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operation_log_daily" (
    "day" DATE NOT NULL,
    "operation" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "operation_log_daily_pkey" PRIMARY KEY ("day","operation","outcome")
);

-- CreateIndex
CREATE INDEX "operation_changes_operation_log_id_idx" ON "operation_changes"("operation_log_id");

-- CreateIndex
CREATE INDEX "operation_changes_archive_id_created_at_idx" ON "operation_changes"("archive_id", "created_at");

-- CreateIndex
CREATE INDEX "operation_changes_created_at_idx" ON "operation_changes"("created_at");

-- AddForeignKey
ALTER TABLE "operation_changes" ADD CONSTRAINT "operation_changes_operation_log_id_fkey" FOREIGN KEY ("operation_log_id") REFERENCES "operation_logs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

