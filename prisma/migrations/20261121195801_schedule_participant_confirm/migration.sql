-- AlterTable
ALTER TABLE "event_participants" ADD COLUMN     "confirmed_at" TIMESTAMPTZ(3);

-- Written by hand (the schema language cannot express these); see docs/schedule.md.
-- An event never ends before it starts.
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_range_check" CHECK ("end_at" >= "start_at");

-- A participant row carries a copy of its event's range, so that a person's overlap check is
-- one indexed range scan on (user_id, start_at, end_at). The copy is kept by the database:
-- whatever a writer puts there is replaced by the event's range, and moving an event moves
-- its participants' copies in the same statement.
CREATE FUNCTION "schedule_participant_range"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."start_at", e."end_at" INTO NEW."start_at", NEW."end_at" FROM "work_events" e WHERE e."id" = NEW."event_id";
  RETURN NEW;
END
$$;

CREATE TRIGGER "event_participants_range"
  BEFORE INSERT OR UPDATE OF "event_id", "start_at", "end_at" ON "event_participants"
  FOR EACH ROW EXECUTE FUNCTION "schedule_participant_range"();

CREATE FUNCTION "schedule_event_range"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "event_participants" SET "start_at" = NEW."start_at", "end_at" = NEW."end_at" WHERE "event_id" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "work_events_range"
  AFTER UPDATE OF "start_at", "end_at" ON "work_events"
  FOR EACH ROW WHEN (OLD."start_at" IS DISTINCT FROM NEW."start_at" OR OLD."end_at" IS DISTINCT FROM NEW."end_at")
  EXECUTE FUNCTION "schedule_event_range"();
