-- Full-text search of products through products_search_idx (issue 6, scale).
--
-- Through the table, RLS keeps the GIN index out of a search: the policy is a
-- security qual, and `@@` is not leakproof, so Postgres applies the policy to
-- every row before it may test the match. A rare word then scans the table
-- (≈0.5–2 s on 1M products). This function checks the select policy's condition
-- once, then matches through the index; PostgREST composes filters, order,
-- embeds, range and count on its result as on the table:
--   GET /rest/v1/rpc/search_products?q=oak%20kettle&select=*,categories(id,name)&order=name.asc
--
-- Every match is read before the sort, so the cost grows with the matches. A
-- common word is faster through the table (a sorted index walk meets a page of
-- matches early), so beyond max_matches the function refuses with PT413 and the
-- caller searches the table instead (src/providers/dataProvider.ts does).
create function public.search_products(q text, max_matches int default 2000)
returns setof public.products
language plpgsql stable security definer set search_path = '' rows 500 as $$
declare
  query tsquery := websearch_to_tsquery('english'::regconfig, q);
begin
  if not (app.can('products', 'list') or app.can('products', 'show')) then
    return;
  end if;
  if (select count(*) from (select 1 from public.products p where p.search @@ query limit max_matches + 1) m)
     > max_matches then
    raise exception 'The search matches more than % products.', max_matches
      using errcode = 'PT413',
            hint = 'Search the table instead (search=wfts(english).<words>): a sorted index walk finds a page of a common word quickly.';
  end if;
  return query select p.* from public.products p where p.search @@ query;
end
$$;
revoke all on function public.search_products(text, int) from public, anon;
grant execute on function public.search_products(text, int) to authenticated, service_role;
