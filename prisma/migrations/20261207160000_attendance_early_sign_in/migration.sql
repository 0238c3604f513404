-- Issue 32: a sign-in more than 30 minutes before the lesson starts is refused unless the caller
-- confirms it (`force`), and then its reason is kept with the place.
ALTER TABLE "lesson_attendances" ADD COLUMN "early_sign_in_reason" VARCHAR(500) NOT NULL DEFAULT '';
