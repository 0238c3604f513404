-- AlterTable
ALTER TABLE "archives" ADD COLUMN     "search_name" TEXT NOT NULL DEFAULT '';
