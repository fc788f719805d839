-- Who views or edits a record, told by the database (issue 27 A6, docs/live-access.md
-- "Who is on a record"). Realtime presence carries whatever a client tracks, with no
-- identity the server checked: anyone could appear as "Ada Admin is editing", and a
-- malformed payload crashed every open page of the record. Now:
-- * public.record_presence(resource, record_id, tab, mode) records the caller
--   (auth.uid(), never a name or id from the request) as viewing or editing the record in
--   one browser tab, and answers the record's viewers: one entry per person, named from
--   their staff row, editing when any of their tabs edits. Called on opening the screen
--   and every 20 s after; an entry not renewed for 60 s is gone (a closed or crashed tab).
-- * public.record_presence_leave(resource, record_id, tab) takes the tab off.
-- * When the viewers change, the call broadcasts them with realtime.send on the private
--   channel `record:<resource>:<id>`, which only staff who may `show` the resource can
--   join, and to which no client may send a broadcast (the INSERT policy allows presence
--   only, below): every broadcast there comes
--   from here. Each answer carries a version, increasing per record in commit order (the
--   calls on one record hold an advisory lock while they change it), so a client keeps
--   the newest of what the broadcast and its own call tell it.
-- * Each entry lists the person's tab ids. The console also tracks realtime presence on
--   the channel with nothing but its open tab ids, and shows an entry only while one of
--   its tabs is present: a closed or reloaded page (whose socket goes) disappears at
--   once instead of after 60 s. Presence carries no name or user id, so a forged one
--   can at most keep a departed tab shown until its 60 s are up.
-- Both need app.can(resource, 'show') (so also an aal2 session where MFA is set up).
--   42501  You don't have permission to do that.
--   22023  A record's viewers are "viewing" or "editing".

create table app.record_viewers (
  topic text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  tab uuid not null,
  editing boolean not null,
  seen_at timestamptz not null default now(),
  primary key (topic, user_id, tab)
);
-- Only the functions below read or write it (they are security definer); no policy.
alter table app.record_viewers enable row level security;
revoke all on app.record_viewers from public, anon, authenticated, service_role;
create sequence app.record_viewers_version;
revoke all on sequence app.record_viewers_version from public, anon, authenticated, service_role;

-- The viewers of a topic as the console shows them, alive within the last 60 s.
create function app.record_viewers_of(topic text) returns jsonb
language sql volatile security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('user_id', v.user_id, 'name', v.name,
                                               'mode', case when v.editing then 'editing' else 'viewing' end,
                                               'tabs', v.tabs)
                            order by v.name, v.user_id), '[]')
  from (
    select r.user_id, bool_or(r.editing) as editing, coalesce(nullif(btrim(s.full_name), ''), s.email) as name,
           array_agg(r.tab order by r.tab) as tabs
    from app.record_viewers r
    join public.staff s on s.user_id = r.user_id and s.active
    where r.topic = record_viewers_of.topic and r.seen_at > now() - interval '60 seconds'
    group by r.user_id, s.full_name, s.email
  ) v
$$;

-- The topic of a record the caller may show; raises otherwise.
create function app.record_viewers_topic(resource text, record_id text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  topic text := format('record:%s:%s', resource, record_id);
begin
  if app.record_channel_resource(topic) is distinct from resource or not app.can(resource, 'show') then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  return topic;
end
$$;

-- Puts the caller's tab on the topic (editing or viewing) or, with `editing` null,
-- takes it off, under the topic's lock; broadcasts the viewers when they changed, and
-- answers them.
create function app.record_viewers_change(the_topic text, me uuid, the_tab uuid, is_editing boolean) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  before jsonb;
  after jsonb;
  answer jsonb;
begin
  perform pg_advisory_xact_lock(hashtextextended('record_viewers:' || the_topic, 0));
  before := app.record_viewers_of(the_topic);
  delete from app.record_viewers r where r.topic = the_topic and r.seen_at <= now() - interval '60 seconds';
  if is_editing is null then
    delete from app.record_viewers r where r.topic = the_topic and r.user_id = me and r.tab = the_tab;
  else
    insert into app.record_viewers as r (topic, user_id, tab, editing, seen_at)
    values (the_topic, me, the_tab, is_editing, now())
    on conflict (topic, user_id, tab) do update set editing = excluded.editing, seen_at = excluded.seen_at;
  end if;
  after := app.record_viewers_of(the_topic);
  answer := jsonb_build_object('viewers', after, 'version', nextval('app.record_viewers_version'));
  if after is distinct from before then
    perform realtime.send(answer, 'viewers', the_topic, true);
  end if;
  return answer;
end
$$;

create function public.record_presence(resource text, record_id text, tab uuid, mode text default 'viewing')
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if mode is null or mode not in ('viewing', 'editing') then
    raise exception 'A record''s viewers are "viewing" or "editing".' using errcode = '22023';
  end if;
  if tab is null then
    raise exception 'A tab id is required.' using errcode = '22023';
  end if;
  return app.record_viewers_change(app.record_viewers_topic(resource, record_id), auth.uid(), tab, mode = 'editing');
end
$$;

create function public.record_presence_leave(resource text, record_id text, tab uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  return app.record_viewers_change(app.record_viewers_topic(resource, record_id), auth.uid(), tab, null);
end
$$;

revoke all on function app.record_viewers_of(text) from public, anon, authenticated, service_role;
revoke all on function app.record_viewers_topic(text, text) from public, anon, authenticated, service_role;
revoke all on function app.record_viewers_change(text, uuid, uuid, boolean) from public, anon, authenticated, service_role;
revoke all on function public.record_presence(text, text, uuid, text) from public, anon;
revoke all on function public.record_presence_leave(text, text, uuid) from public, anon;
grant execute on function public.record_presence(text, text, uuid, text) to authenticated;
grant execute on function public.record_presence_leave(text, text, uuid) to authenticated;

-- The record channels' broadcasts are only what the functions above send: staff who may
-- see the record listen; nobody may send a broadcast there. They may track presence (their
-- open tab ids, see above), as before.
drop policy "record channels: staff who may see the record announce themselves" on realtime.messages;
create policy "record channels: staff who may see the record track their tabs" on realtime.messages
  for insert to authenticated
  with check (
    extension = 'presence'
    and (select app.can(app.record_channel_resource(realtime.topic()), 'show'))
  );
