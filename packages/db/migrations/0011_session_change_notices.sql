-- The server keeps the sessions it has checked for a few seconds instead of reading them on every request.
-- Whatever ends a session (signing out, a password change, a deleted user or account, by cascade too) or changes
-- what the server keeps of it (the user's e-mail) is announced on this channel, so every process forgets it
-- at once: 's:<session id>' or 'u:<user id>'.
CREATE FUNCTION "callwise_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callwise_sessions', 's:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_ended" AFTER DELETE ON "auth_sessions"
  FOR EACH ROW EXECUTE FUNCTION "callwise_session_ended"();--> statement-breakpoint
CREATE FUNCTION "callwise_user_email_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callwise_sessions', 'u:' || NEW.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_email_changed" AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION "callwise_user_email_changed"();
