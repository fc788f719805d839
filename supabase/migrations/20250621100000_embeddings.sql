-- Automatic embeddings (docs/product.md §11), the way Supabase's guide builds them: a trigger
-- queues the changed record, a pg_cron job calls the `embed` edge function over
-- HTTP with pg_net, and the function embeds the batch and writes (or deletes) the
-- vectors in the vector bucket `opsdesk` (indexes `products` and `customers`).
-- Whatever writes the record — a form, REST, CSV import, a bulk change — queues it.
--
-- The project's URL and a service key are read from Vault (`project_url`,
-- `service_role_key`): seed.sql sets them for the local stack; on a hosted project
-- set them once (docs/vectors.md). pg_net and pg_cron exist on every hosted project;
-- the local stack provides the same interface.
create extension if not exists pg_net with schema extensions;
create extension if not exists pg_cron with schema pg_catalog;

-- One row per record waiting for its vector. A change while queued renumbers the
-- row (seq), so a batch that was already on its way does not clear the newer job.
create sequence app.embedding_jobs_seq;
create table app.embedding_jobs (
  resource text not null constraint embedding_jobs_resource_check check (resource in ('products', 'customers')),
  record_id text not null,
  seq bigint not null default nextval('app.embedding_jobs_seq'),
  attempts int not null default 0,
  -- Set while a batch holding the job is out; past it, the job is sent again.
  claimed_until timestamptz,
  primary key (resource, record_id)
);
alter table app.embedding_jobs enable row level security;
revoke all on app.embedding_jobs from public, anon, authenticated, service_role;

create function app.enqueue_embeddings(resource text, ids text[]) returns void
language sql security definer set search_path = '' as $$
  insert into app.embedding_jobs (resource, record_id)
  select resource, id from unnest(ids) as id
  on conflict (resource, record_id) do update
    set seq = excluded.seq, attempts = 0, claimed_until = null
$$;

-- Inserted and deleted rows (statement triggers: a 5 000-row import is one call).
create function app.queue_embeddings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform app.enqueue_embeddings(tg_argv[0], array(select o.id::text from old_rows o));
  else
    perform app.enqueue_embeddings(tg_argv[0], array(select n.id::text from new_rows n));
  end if;
  return null;
end
$$;

-- Updated rows whose embedded text changed.
create function app.queue_product_embeddings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.enqueue_embeddings('products', array(
    select n.id::text from new_rows n join old_rows o on o.id = n.id
    where (n.name, n.description, n.tags, n.category_id) is distinct from (o.name, o.description, o.tags, o.category_id)));
  return null;
end
$$;

create function app.queue_customer_embeddings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.enqueue_embeddings('customers', array(
    select n.id::text from new_rows n join old_rows o on o.id = n.id
    where (n.full_name, n.email) is distinct from (o.full_name, o.email)));
  return null;
end
$$;

-- A renamed category changes the text of its products.
create function app.queue_category_product_embeddings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app.enqueue_embeddings('products', array(
    select p.id::text from public.products p
    join new_rows n on n.id = p.category_id join old_rows o on o.id = n.id
    where n.name is distinct from o.name));
  return null;
end
$$;

create trigger embeddings_insert after insert on public.products
  referencing new table as new_rows for each statement execute function app.queue_embeddings('products');
create trigger embeddings_delete after delete on public.products
  referencing old table as old_rows for each statement execute function app.queue_embeddings('products');
create trigger embeddings_update after update on public.products
  referencing old table as old_rows new table as new_rows for each statement
  execute function app.queue_product_embeddings();
create trigger embeddings_insert after insert on public.customers
  referencing new table as new_rows for each statement execute function app.queue_embeddings('customers');
create trigger embeddings_delete after delete on public.customers
  referencing old table as old_rows for each statement execute function app.queue_embeddings('customers');
create trigger embeddings_update after update on public.customers
  referencing old table as old_rows new table as new_rows for each statement
  execute function app.queue_customer_embeddings();
create trigger embeddings_products_update after update on public.categories
  referencing old table as old_rows new table as new_rows for each statement
  execute function app.queue_category_product_embeddings();

create function app.vault_secret(secret_name text) returns text
language sql stable security definer set search_path = '' as $$
  select decrypted_secret from vault.decrypted_secrets where name = secret_name
$$;
revoke all on function app.vault_secret(text) from public, anon, authenticated;

-- Claims up to batch_size × max_requests queued jobs and sends them to `embed`,
-- batch_size per request. Returns the number of requests queued.
create function app.process_embeddings(
  batch_size int default 50,
  max_requests int default 10,
  timeout_milliseconds int default 60000
) returns int
language plpgsql security definer set search_path = '' as $$
declare
  batch jsonb;
  requests int := 0;
  project_url text;
  service_key text;
begin
  if not exists (select 1 from app.embedding_jobs where claimed_until is null or claimed_until < now()) then
    return 0;
  end if;
  project_url := app.vault_secret('project_url');
  service_key := app.vault_secret('service_role_key');
  if project_url is null or service_key is null then
    raise exception 'Vault secrets project_url and service_role_key are needed to call the embed function'
      using hint = 'See docs/vectors.md: select vault.create_secret(...)';
  end if;
  for batch in
    with picked as (
      select j.resource, j.record_id from app.embedding_jobs j
      where j.claimed_until is null or j.claimed_until < now()
      order by j.seq
      limit batch_size * max_requests
      for update skip locked
    ), claimed as (
      update app.embedding_jobs j
      set claimed_until = now() + make_interval(secs => timeout_milliseconds / 1000.0 + 5), attempts = j.attempts + 1
      from picked p where j.resource = p.resource and j.record_id = p.record_id
      returning j.resource, j.record_id, j.seq
    )
    select jsonb_agg(jsonb_build_object('resource', c.resource, 'id', c.record_id, 'seq', c.seq))
    from (select claimed.*, (row_number() over (order by seq) - 1) / batch_size as n from claimed) c
    group by c.n
  loop
    perform net.http_post(
      url => project_url || '/functions/v1/embed',
      body => jsonb_build_object('jobs', batch),
      headers => jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
      timeout_milliseconds => timeout_milliseconds
    );
    requests := requests + 1;
  end loop;
  return requests;
end
$$;
revoke all on function app.process_embeddings(int, int, int) from public, anon, authenticated;

-- Called by `embed` when a batch is written: clears each job unless the record
-- changed again meanwhile (its seq moved on).
create function public.complete_embedding_jobs(jobs jsonb) returns int
language sql security definer set search_path = '' as $$
  with done as (
    delete from app.embedding_jobs j
    using jsonb_to_recordset(jobs) as d(resource text, id text, seq bigint)
    where j.resource = d.resource and j.record_id = d.id and j.seq = d.seq
    returning 1
  )
  select count(*)::int from done
$$;
revoke all on function public.complete_embedding_jobs(jsonb) from public, anon, authenticated;
grant execute on function public.complete_embedding_jobs(jsonb) to service_role;

select cron.schedule('opsdesk-embeddings', '1 seconds', 'select app.process_embeddings()');
-- A run a second is 86 400 rows of cron.job_run_details a day: keep one day of them.
select cron.schedule(
  'opsdesk-cron-history',
  '17 * * * *',
  $$delete from cron.job_run_details where end_time < now() - interval '1 day'$$
);
