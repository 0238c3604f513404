-- Feed links are kept only as their hash (token_hash): the links already given keep working,
-- the server can no longer show them again (a new one is shown once when it is made).
-- AlterTable
ALTER TABLE "ics_subscriptions" DROP COLUMN "token";
