-- Products filtered by status (issue 18): 155 ms on 1M products, nearly all of it in the
-- count. A list counts up to max_rows exactly before it estimates (count=estimated),
-- and the planner walked products_status_idx for those 1 001 rows: under RLS the enum
-- `=` is not leakproof, so it cannot be the scan's index condition, only a filter on every
-- entry, and the index is in status order, so "archived" rows come after 920 000 others
-- (190 ms). Without the index the same count reads the table from its start and meets
-- 1 001 archived products in the first 12 000 rows (≈10 ms). No API read can use the
-- index for its one column (the dashboard's low-stock count goes by products_stock_idx).
drop index public.products_status_idx;
