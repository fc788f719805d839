// What a bulk change of one field will do to the ticked rows, worked out before it is asked
// for, so the confirmation can say it: the rows it changes, those that already hold the value
// (left alone) and, where the field follows a state machine, those that cannot take the value,
// each with the database's own refusal (docs/product.md §10 Bulk actions: per row, not
// all-or-nothing; the refused ones are not sent).
import type { BaseRecord } from "@refinedev/core";
import { ruleRefusal } from "../../providers/ruleErrors";
import type { ResourceDefinition } from "../../resources/types";

/** A state machine's legal next values of each value (`order_transitions`). */
export type Transitions = Record<string, string[]>;

export interface ChangePlan {
  field: string;
  value: string;
  change: BaseRecord[];
  unchanged: BaseRecord[];
  refused: { record: BaseRecord; message: string }[];
}

/** Whether `field` follows the definition's state machine. */
export const followsMachine = (def: ResourceDefinition, field: string) => def.stateMachine?.field === field;

export function planChange(
  def: ResourceDefinition,
  records: BaseRecord[],
  field: string,
  value: string,
  transitions?: Transitions,
): ChangePlan {
  const plan: ChangePlan = { field, value, change: [], unchanged: [], refused: [] };
  const machine = followsMachine(def, field) ? def.stateMachine : undefined;
  for (const record of records) {
    const current = String(record[field] ?? "");
    if (current === value) plan.unchanged.push(record);
    else if (machine && transitions && !(transitions[current] ?? []).includes(value)) {
      const refusal = ruleRefusal(
        {
          code: "P0001",
          hint: machine.refusal,
          details: JSON.stringify({ [def.titleField]: record[def.titleField], from: current, to: value }),
        },
        def.name,
      );
      plan.refused.push({ record, message: refusal?.message ?? "" });
    } else plan.change.push(record);
  }
  return plan;
}

/** The values a bulk change offers: all of the field's, or those some selected row can move to. */
export function offeredValues(
  def: ResourceDefinition,
  field: { name: string; options?: readonly string[] },
  records: BaseRecord[],
  transitions?: Transitions,
): string[] {
  const options = field.options ?? [];
  if (!followsMachine(def, field.name)) return [...options];
  if (!transitions) return [];
  const reachable = new Set(records.flatMap((record) => transitions[String(record[field.name] ?? "")] ?? []));
  return options.filter((option) => reachable.has(option));
}
