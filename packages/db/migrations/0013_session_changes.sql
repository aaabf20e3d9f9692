-- Every change to an account or its sessions is announced on `proxydesk_sessions` with the account's id, on
-- commit, so that each API instance drops what it remembers of that account's sessions (ADR 008). A trigger,
-- so that no write path (the console's, the command line's, a hand-written update) can forget to announce it.
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('proxydesk_sessions', OLD."id"::text);
  ELSE
    PERFORM pg_notify('proxydesk_sessions', OLD."user_id"::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_announce_session_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_announce_session_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
