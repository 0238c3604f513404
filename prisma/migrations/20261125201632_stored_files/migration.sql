-- AlterTable
ALTER TABLE "operation_logs" ADD COLUMN     "request_id" TEXT;

-- CreateTable
CREATE TABLE "stored_files" (
    "key" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "file_chunks" (
    "key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "file_chunks_pkey" PRIMARY KEY ("key","seq")
);

-- AddForeignKey
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_key_fkey" FOREIGN KEY ("key") REFERENCES "stored_files"("key") ON DELETE CASCADE ON UPDATE CASCADE;
