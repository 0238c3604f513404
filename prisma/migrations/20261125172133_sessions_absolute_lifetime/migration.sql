-- AlterTable
ALTER TABLE "access_tokens" ADD COLUMN     "session_id" UUID NOT NULL DEFAULT gen_random_uuid(),
ADD COLUMN     "session_started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "access_tokens_session_id_idx" ON "access_tokens"("session_id");

-- Tokens issued before sessions were tracked: each is its own session, started when it was made.
UPDATE "access_tokens" SET "session_started_at" = "created_at";
