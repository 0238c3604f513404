-- The session triggers (20261125210000_session_notify) also note, in the transaction-local
-- setting "bo.session_users", which users' sessions the transaction changes: a comma list of
-- user ids, or "*" for every session. runWrite (server/write.ts) reads it before COMMIT, so the
-- writing process drops only those users' cached sessions at once instead of its whole cache;
-- other processes still learn it from the NOTIFY at commit.

CREATE FUNCTION "bo_sessions_note"(target text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('bo.session_users', true), '');
BEGIN
  IF noted = '*' THEN
    RETURN;
  ELSIF target = '*' THEN
    PERFORM set_config('bo.session_users', '*', true);
  ELSIF noted = '' THEN
    PERFORM set_config('bo.session_users', target, true);
  ELSIF position(',' || target || ',' IN ',' || noted || ',') = 0 THEN
    PERFORM set_config('bo.session_users', noted || ',' || target, true);
  END IF;
END;
$$;

CREATE OR REPLACE FUNCTION "bo_sessions_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bo_sessions', 'u:' || OLD."user_id");
    PERFORM "bo_sessions_note"(OLD."user_id"::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('bo_sessions', 'u:' || NEW."user_id");
  PERFORM "bo_sessions_note"(NEW."user_id"::text);
  IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
    PERFORM pg_notify('bo_sessions', 'u:' || OLD."user_id");
    PERFORM "bo_sessions_note"(OLD."user_id"::text);
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION "bo_sessions_notify_users_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bo_sessions', 'u:' || OLD."id");
    PERFORM "bo_sessions_note"(OLD."id"::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('bo_sessions', 'u:' || NEW."id");
  PERFORM "bo_sessions_note"(NEW."id"::text);
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION "bo_sessions_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_sessions', '*');
  PERFORM "bo_sessions_note"('*');
  RETURN NULL;
END;
$$;
