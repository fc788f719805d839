-- Notes, each visible to its owner only.
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  body text not null default '',
  created_at timestamptz not null default now()
);
alter table public.notes enable row level security;
create policy "owners read their notes" on public.notes for select to authenticated
  using (owner = (select auth.uid()));
create policy "owners add notes" on public.notes for insert to authenticated
  with check (owner = (select auth.uid()));
create policy "owners change their notes" on public.notes for update to authenticated
  using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
create policy "owners delete their notes" on public.notes for delete to authenticated
  using (owner = (select auth.uid()));
grant select, insert, update, delete on public.notes to authenticated;
alter publication supabase_realtime add table public.notes;

-- Attachments live under <owner id>/ in a private bucket.
create policy "owners read their attachments" on storage.objects for select to authenticated
  using (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "owners upload attachments" on storage.objects for insert to authenticated
  with check (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- Every night at 03:00 UTC each user with notes gets a digest row.
create table public.digests (
  id bigint generated always as identity primary key,
  owner uuid not null references auth.users (id) on delete cascade,
  note_count int not null,
  made_at timestamptz not null default now()
);
alter table public.digests enable row level security;
create policy "owners read their digests" on public.digests for select to authenticated
  using (owner = (select auth.uid()));
grant select on public.digests to authenticated;

create extension if not exists pg_cron with schema pg_catalog;
select cron.schedule('nightly-digest', '0 3 * * *',
  $$insert into public.digests (owner, note_count) select owner, count(*) from public.notes group by owner$$);
