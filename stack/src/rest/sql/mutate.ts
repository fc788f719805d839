// Insert/update/delete statements. RETURNING is emitted only when the caller asked
// for rows back (return=representation), as PostgREST does: only then do SELECT
// policies apply to the written rows.
import { quoteQualified } from "../../shared/sql.js";
import { MUTATION_CTE } from "../plan/mutate.js";
import type { MutationPlan, ReadNode } from "../plan/types.js";
import { quoteIdent, type SqlBuilder } from "./builder.js";
import { readSql, whereParts } from "./read.js";

/** Rows of the payload typed as the table's row type. */
function payloadRows(b: SqlBuilder, plan: MutationPlan & { kind: "insert" | "update" }): string {
  const table = quoteQualified(plan.relation.schema, plan.relation.name);
  const json = b.param(plan.body.json);
  const defaults =
    plan.kind === "insert" && plan.missingDefault ? plan.body.columns.filter((c) => c.default !== null) : [];
  if (!defaults.length) return `json_populate_recordset(null::${table}, ${json}::json)`;
  // missing=default: absent keys take the column default (catalog SQL from pg_get_expr).
  const base = defaults.map((c) => `${b.param(c.name)}::text, ${c.default}`).join(", ");
  return `json_populate_recordset(null::${table}, (select json_agg(jsonb_build_object(${base}) || pgrst_e) from jsonb_array_elements(${json}::jsonb) pgrst_e))`;
}

/** Set on each row an upsert returns: inserted (true) or updated (false). */
export const INSERTED_COLUMN = "pgrst_inserted";

/**
 * Whether the statement tells inserted from updated rows (201 vs 200): an upsert
 * that may update, on a plain table, where a freshly inserted row has xmax 0.
 */
export function tracksInserted(plan: MutationPlan): boolean {
  return plan.kind === "insert" && plan.onConflict?.action === "update" && plan.relation.kind === "table";
}

/** The DML statement; `returning` is `*` (representation), the PK (Location) or none. */
export function mutationSql(b: SqlBuilder, plan: MutationPlan, returning: "all" | "pk" | "none"): string {
  // The table's own name as alias: Postgres errors name it as PostgREST's do (`column t.x does not exist`).
  const ALIAS = quoteIdent(plan.relation.name);
  const table = `${quoteQualified(plan.relation.schema, plan.relation.name)} as ${ALIAS}`;
  const items =
    returning === "all"
      ? [`${ALIAS}.*`]
      : returning === "pk"
        ? plan.relation.pk.map((c) => `${ALIAS}.${quoteIdent(c)}`)
        : [];
  if (tracksInserted(plan)) items.push(`(${ALIAS}.xmax = 0) as ${INSERTED_COLUMN}`);
  const ret = items.length ? ` returning ${items.join(", ")}` : "";
  if (plan.kind === "insert") {
    const cols = plan.body.columns.map((c) => quoteIdent(c.name));
    const body = "pgrst_body";
    const matching = plan.payloadConditions
      ? ` where ${whereParts(b, { ...emptyNode(plan), conditions: plan.payloadConditions }, body).join(" and ")} limit 1`
      : "";
    let sql = cols.length
      ? `insert into ${table} (${cols.join(", ")}) select ${cols.join(", ")} from ${payloadRows(b, plan)} ${body}${matching}`
      : `insert into ${table} default values`;
    if (plan.onConflict) {
      const target = plan.onConflict.columns.map(quoteIdent).join(", ");
      const set = cols.map((c) => `${c} = excluded.${c}`).join(", ");
      sql +=
        plan.onConflict.action === "update" && cols.length
          ? ` on conflict (${target}) do update set ${set}`
          : ` on conflict (${target}) do nothing`;
    }
    return sql + ret;
  }
  if (plan.kind === "update") {
    const set = plan.body.columns.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`).join(", ");
    const where = whereParts(b, { ...emptyNode(plan), conditions: plan.conditions }, ALIAS);
    return `update ${table} set ${set} from (select * from ${payloadRows(b, plan)} limit 1) pgrst_body where ${where.join(" and ")}${ret}`;
  }
  const where = whereParts(b, { ...emptyNode(plan), conditions: plan.conditions }, ALIAS);
  return `delete from ${table} where ${where.join(" and ")}${ret}`;
}

function emptyNode(plan: MutationPlan): ReadNode {
  return {
    source: { kind: "relation", relation: plan.relation },
    alias: plan.relation.name,
    relation: plan.relation,
    outputs: [],
    conditions: [],
    order: [],
    children: [],
  };
}

/** DML + the representation read over its RETURNING rows, in one statement. */
export function mutationReadSql(
  b: SqlBuilder,
  plan: MutationPlan,
  node: ReadNode,
  shape: { csv: boolean; stripNulls: boolean },
): string {
  const dml = mutationSql(b, plan, "all");
  return readSql(b, node, {
    ...shape,
    with: `with ${MUTATION_CTE} as (${dml}) `,
    ...(tracksInserted(plan) && {
      extraColumns: `(select count(*) from ${MUTATION_CTE} where ${INSERTED_COLUMN}) as inserted`,
    }),
  });
}
