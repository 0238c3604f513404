-- Every server process keeps a short-lived cache of the sessions it has authenticated
-- (server/auth/session-cache.ts). These triggers tell every process, through NOTIFY on the
-- channel "bo_sessions", when a cached session may no longer be what the database says:
-- a token revoked, refreshed or deleted; a user deactivated, renamed, given another language,
-- zone or type, or deleted; a user's roles changed; a role's code or rights changed; a right's
-- key or path changed. PostgreSQL delivers a notification only when the transaction commits,
-- and only once per distinct payload and transaction. The payload is "u:<user id>" (that
-- user's sessions) or "*" (every session: role and right changes, which are rare).

CREATE FUNCTION "bo_sessions_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bo_sessions', 'u:' || OLD."user_id");
    RETURN OLD;
  END IF;
  PERFORM pg_notify('bo_sessions', 'u:' || NEW."user_id");
  IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
    PERFORM pg_notify('bo_sessions', 'u:' || OLD."user_id");
  END IF;
  RETURN NEW;
END;
$$;

CREATE FUNCTION "bo_sessions_notify_users_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bo_sessions', 'u:' || OLD."id");
    RETURN OLD;
  END IF;
  PERFORM pg_notify('bo_sessions', 'u:' || NEW."id");
  RETURN NEW;
END;
$$;

CREATE FUNCTION "bo_sessions_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_sessions', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "access_tokens_sessions_update"
  AFTER UPDATE OF "revoked_at", "expires_at", "session_started_at", "user_id" ON "access_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
    OR OLD."session_started_at" IS DISTINCT FROM NEW."session_started_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "bo_sessions_notify_user"();

CREATE TRIGGER "access_tokens_sessions_delete"
  AFTER DELETE ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION "bo_sessions_notify_user"();

CREATE TRIGGER "users_sessions_update"
  AFTER UPDATE OF "state", "account", "name", "name_en", "type", "language", "time_zone" ON "users"
  FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."account" IS DISTINCT FROM NEW."account"
    OR OLD."name" IS DISTINCT FROM NEW."name" OR OLD."name_en" IS DISTINCT FROM NEW."name_en" OR OLD."type" IS DISTINCT FROM NEW."type"
    OR OLD."language" IS DISTINCT FROM NEW."language" OR OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "bo_sessions_notify_users_row"();

CREATE TRIGGER "users_sessions_delete"
  AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bo_sessions_notify_users_row"();

CREATE TRIGGER "user_roles_sessions"
  AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "bo_sessions_notify_user"();

CREATE TRIGGER "role_rights_sessions"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_rights"
  FOR EACH STATEMENT EXECUTE FUNCTION "bo_sessions_notify_all"();

CREATE TRIGGER "roles_sessions"
  AFTER UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bo_sessions_notify_all"();

CREATE TRIGGER "rights_sessions"
  AFTER UPDATE OR DELETE OR TRUNCATE ON "rights"
  FOR EACH STATEMENT EXECUTE FUNCTION "bo_sessions_notify_all"();
