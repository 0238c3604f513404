-- AlterTable
ALTER TABLE "archives" ADD COLUMN     "erased_at" TIMESTAMPTZ(3);
