-- Revoked sessions reach realtime at once: whatever deletes a row of auth.sessions
-- (sign-out, password change, user deletion, a project's own trigger) notifies
-- `stack_session_revoked` with the session id, and realtime shuts the channels
-- joined with that session's tokens (claim `session_id`). Hosted Realtime only
-- checks expiry; a revoked session's token would keep receiving until it expires.
create function auth.stack_notify_session_revoked()
returns trigger
language plpgsql
as $$
begin
  perform pg_notify('stack_session_revoked', old.id::text);
  return null;
end
$$;

create trigger stack_notify_session_revoked
  after delete on auth.sessions
  for each row execute function auth.stack_notify_session_revoked();
