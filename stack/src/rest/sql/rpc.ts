// Function calls: the call sits in a materialized CTE (it runs once, even when the
// result is counted and shaped), then the result is read like a table.
import { quoteQualified } from "../../shared/sql.js";
import { RPC_CTE, SCALAR_COLUMN } from "../plan/rpc.js";
import type { RpcCall } from "../plan/types.js";
import { quoteIdent, type SqlBuilder } from "./builder.js";

export function callCte(b: SqlBuilder, call: RpcCall): string {
  const { fn, args } = call;
  const name = quoteQualified(fn.schema, fn.name);
  const result =
    fn.returnKind === "scalar" || fn.returnKind === "void" ? `pgrst_f(${quoteIdent(SCALAR_COLUMN)})` : "pgrst_f";
  let from: string;
  if (args.kind === "none") {
    from = `${name}() ${result}`;
  } else if (args.kind === "body") {
    // The parameter's own type (json, jsonb, text, xml, bytea), as the catalog spells it.
    from = `${name}(${b.param(args.value)}::${fn.params[0].type}) ${result}`;
  } else {
    // json_to_record turns the JSON values into the parameter types (arrays, objects, ranges…).
    // The type names come from the catalog's format_type(), already quoted by Postgres.
    const record = args.params.map((p) => `${quoteIdent(p.name)} ${p.type}`).join(", ");
    const named = args.params
      .map((p) => `${p.variadic ? "variadic " : ""}${quoteIdent(p.name)} => pgrst_args.${quoteIdent(p.name)}`)
      .join(", ");
    from = `json_to_record(${b.param(args.json)}::json) as pgrst_args(${record}), lateral ${name}(${named}) ${result}`;
  }
  return `with ${RPC_CTE} as materialized (select pgrst_f.* from ${from}) `;
}
