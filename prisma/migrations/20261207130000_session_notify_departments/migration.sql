-- A manager's session carries the ids of the staff they oversee (the users of the departments
-- they head or belong to, and below: server/session/session.ts, managedStaffOf). Whatever
-- changes that set drops every cached session, as a role's rights do: a department added,
-- moved, given another manager or removed, or a user added to, moved between or removed from
-- departments. These changes are rare; "*" is simpler than finding every manager above.

CREATE TRIGGER "departments_sessions"
  AFTER INSERT OR UPDATE OF "parent_id", "manager_id" OR DELETE OR TRUNCATE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bo_sessions_notify_all"();

CREATE FUNCTION "bo_sessions_notify_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW."department_id" IS NOT NULL)
     OR (TG_OP = 'DELETE' AND OLD."department_id" IS NOT NULL)
     OR (TG_OP = 'UPDATE' AND OLD."department_id" IS DISTINCT FROM NEW."department_id") THEN
    PERFORM pg_notify('bo_sessions', '*');
    PERFORM "bo_sessions_note"('*');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_membership_sessions"
  AFTER INSERT OR UPDATE OF "department_id" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bo_sessions_notify_membership"();
