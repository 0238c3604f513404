-- CreateTable
CREATE TABLE "ics_subscriptions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 0,
    "token" TEXT,
    "token_hash" TEXT,
    "push_frequency_hours" INTEGER NOT NULL DEFAULT 3,
    "token_created_at" TIMESTAMPTZ(3),
    "opened_at" TIMESTAMPTZ(3),
    "paused_at" TIMESTAMPTZ(3),
    "last_fetched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ics_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dismissed_reminders" (
    "user_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dismissed_reminders_pkey" PRIMARY KEY ("user_id","day")
);

-- CreateTable
CREATE TABLE "work_notes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "work_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ics_subscriptions_user_id_key" ON "ics_subscriptions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "ics_subscriptions_token_hash_key" ON "ics_subscriptions"("token_hash");

-- CreateIndex
CREATE INDEX "ics_subscriptions_state_idx" ON "ics_subscriptions"("state");

-- CreateIndex
CREATE UNIQUE INDEX "work_notes_user_id_day_key" ON "work_notes"("user_id", "day");

-- AddForeignKey
ALTER TABLE "ics_subscriptions" ADD CONSTRAINT "ics_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dismissed_reminders" ADD CONSTRAINT "dismissed_reminders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_notes" ADD CONSTRAINT "work_notes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
