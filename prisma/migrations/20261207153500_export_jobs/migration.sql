-- CreateTable
CREATE TABLE "export_jobs" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "requester_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "written" INTEGER NOT NULL DEFAULT 0,
    "row_ids" INTEGER[],
    "lang" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_key" TEXT,
    "size" INTEGER,
    "error_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "export_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "export_jobs_requester_id_created_at_idx" ON "export_jobs"("requester_id", "created_at");
