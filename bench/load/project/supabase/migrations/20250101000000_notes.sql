create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null check (char_length(body) <= 500),
  created_at timestamptz not null default now()
);
create index notes_owner_idx on public.notes (owner, id desc);
alter table public.notes enable row level security;
create policy "own notes readable" on public.notes for select to authenticated using (owner = auth.uid());
create policy "own notes writable" on public.notes for insert to authenticated with check (owner = auth.uid());
alter publication supabase_realtime add table public.notes;
