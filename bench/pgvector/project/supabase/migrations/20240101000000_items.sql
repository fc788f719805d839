create extension if not exists vector with schema extensions;
create table public.items (id integer primary key, embedding extensions.vector(384) not null);
