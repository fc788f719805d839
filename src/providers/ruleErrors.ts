// The rules the database refuses an operator's change with (the store's, docs/product.md §4, in
// supabase/migrations/20250712100000_store_rules.sql; staff, permissions, audit, merge, import
// and bulk rules in 20250721100000_rule_codes.sql, the import's and bulk write's request shape in
// 20250727100000_request_codes.sql): SQLSTATE P0001 with a machine-readable code in HINT and the facts the
// sentence names, as JSON, in DETAIL. The console words each refusal by its code in the
// operator's language and never reads the database's English sentence; a field the rule
// belongs to gets the message on the form.
import { type Label, templated } from "../i18n/messages";
import { resourceKey } from "../i18n/resourceKeys";
import type { OpsdeskErrorCode } from "../resources/describe.types";

type Facts = Record<string, unknown>;

/** The parts of a PostgREST error a rule's refusal is read from (errors.ts PostgrestLikeError). */
interface RaisedError {
  code?: string;
  details?: string | null;
  hint?: string | null;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const option =
  (resource: string) =>
  (value: unknown): Label => ({ key: resourceKey.option(resource, "status", text(value)), text: text(value) });
const orderStatus = option("orders");
const productStatus = option("products");

interface Rule {
  /** The English sentence, its {{values}} filled from `values`. */
  english: string;
  values?: (facts: Facts) => Record<string, string | Label>;
  /** i18next context: German says the sentence per value (a product's status). */
  context?: (facts: Facts) => string;
  /** The form field the rule is about, per resource. */
  fields?: Record<string, string>;
}

/** Each code the migrations raise (ruleErrors.test.ts holds them to this list). */
export const RULES: Record<string, Rule> = {
  order_new_pending: { english: "A new order must start as pending." },
  order_times: { english: "Order times are set by status changes and cannot be edited." },
  order_status_change: {
    english: "An order that is {{from}} cannot become {{to}}.",
    values: (f) => ({ from: orderStatus(f.from), to: orderStatus(f.to) }),
  },
  order_items_locked: { english: "Items can only be changed while the order is pending." },
  order_customer_blocked: {
    english: "{{customer}} is blocked: no order can be placed for them.",
    values: (f) => ({ customer: text(f.customer) }),
    fields: { orders: "customer_id" },
  },
  order_blocked_customer_status: {
    english: "{{customer}} is blocked: their order cannot become {{to}}. Cancel it, or unblock the customer first.",
    values: (f) => ({ customer: text(f.customer), to: orderStatus(f.to) }),
  },
  order_empty: { english: "An order without items cannot become paid." },
  order_customer_locked: {
    english: "Only a pending order can move to another customer; {{order}} is {{status}}.",
    values: (f) => ({ order: text(f.order), status: orderStatus(f.status) }),
    fields: { orders: "customer_id" },
  },
  order_delete_locked: {
    english: "Only pending or cancelled orders can be deleted; {{order}} is {{status}}.",
    values: (f) => ({ order: text(f.order), status: orderStatus(f.status) }),
  },
  product_not_active: {
    english: "{{product}} is {{status}}: only active products can be ordered.",
    values: (f) => ({ product: text(f.product), status: productStatus(f.status) }),
    context: (f) => text(f.status),
    fields: { order_items: "product_id" },
  },
  insufficient_stock: {
    english: "Only {{in_stock}} of {{product}} in stock; the order needs {{needed}}.",
    values: (f) => ({ product: text(f.product), in_stock: text(f.in_stock), needed: text(f.needed) }),
    fields: { order_items: "quantity" },
  },
  staff_last_admin: { english: "At least one active admin must remain." },
  staff_own_deactivate: { english: "You cannot deactivate your own account.", fields: { staff: "active" } },
  staff_own_role: { english: "You cannot change your own role.", fields: { staff: "role" } },
  staff_own_delete: { english: "You cannot remove your own staff account." },
  permissions_own_access: { english: "You cannot remove your own role's access to permissions." },
  audit_log_append_only: { english: "The audit log cannot be changed." },
  record_key_fixed: { english: "Record keys cannot be changed." },
  customer_merge_self: { english: "A customer cannot be merged with itself." },
  customer_gone: { english: "That customer no longer exists." },
  import_not_rows: { english: "The import must be a list of rows." },
  import_too_many_rows: {
    english: "A CSV file can have at most {{max}} rows.",
    values: (f) => ({ max: text(f.max) }),
  },
  bulk_too_many_rows: { english: "At most {{max}} rows at once.", values: (f) => ({ max: text(f.max) }) },
  // A request's shape (20250727100000_request_codes.sql): mistakes the console does not make on
  // purpose, worded all the same, with the table and column they name.
  request_no_table: { english: "There is no table {{table}}.", values: (f) => ({ table: text(f.table) }) },
  request_unknown_column: {
    english: "{{table}} has no column {{column}}.",
    values: (f) => ({ table: text(f.table), column: text(f.column) }),
  },
  import_not_a_reference: {
    english: "{{column}} is not a reference of {{table}}.",
    values: (f) => ({ table: text(f.table), column: text(f.column) }),
  },
  bulk_bad_action: { english: "A bulk action updates or deletes." },
  bulk_not_rows: { english: "The rows must be a list of objects." },
  bulk_no_key: { english: "{{table}} has no single-column key.", values: (f) => ({ table: text(f.table) }) },
  bulk_key_missing: { english: "Every row needs its {{column}}.", values: (f) => ({ column: text(f.column) }) },
  bulk_no_changes: { english: "An update needs the values to set." },
  bulk_column_not_settable: {
    english: "{{table}} has no column {{column}} to set.",
    values: (f) => ({ table: text(f.table), column: text(f.column) }),
  },
};

/**
 * Opsdesk's install (docs/any-project.md "Error codes") raises its refusals with an OPSDESK_* code
 * in HINT under their own SQLSTATE (22023, 54000, 42703, 55000, P0001…) and no JSON facts: the
 * ones a generated resource's reads and writes meet, in the console's words (German
 * `errors.opsdesk.<code>`). Permission codes come as 42501 and read as docs/product.md §8's; the
 * operator administration's codes are operatorAdmin.ts'.
 */
export const OPSDESK_RULES: Partial<Record<OpsdeskErrorCode, string>> = {
  OPSDESK_NO_SUCH_TABLE: "This table does not exist (any more).",
  OPSDESK_NOT_MANAGED: "This table is not managed by Opsdesk.",
  OPSDESK_NOT_MANAGEABLE: "This table cannot be managed by Opsdesk.",
  OPSDESK_NO_KEY: "This table has no primary key: its rows cannot be named.",
  OPSDESK_KEY_MISSING: "A row lacks its key.",
  OPSDESK_ROWS_NOT_LIST: "The rows must be a list of objects.",
  OPSDESK_TOO_MANY_ROWS: "At most 5000 rows at once.",
  OPSDESK_BAD_ACTION: "A bulk action updates or deletes.",
  OPSDESK_NO_CHANGES: "An update needs the values to set.",
  OPSDESK_UNKNOWN_COLUMN: "This table has no such column (any more).",
  OPSDESK_READ_ONLY_COLUMN: "This column cannot be set by a bulk action.",
  OPSDESK_NOT_A_REFERENCE: "This column is not a reference.",
  OPSDESK_BAD_FILTER: "This filter cannot be applied.",
  OPSDESK_SEARCH_TOO_LONG: "Search words may be at most 200 characters long.",
  OPSDESK_TOO_MANY_IDS: "At most 1000 users at once.",
  OPSDESK_AUDIT_APPEND_ONLY: "The audit log cannot be changed.",
  OPSDESK_BAD_SETTINGS: "These table settings are not valid.",
  OPSDESK_BAD_PRESENCE: "This record's presence cannot be shown.",
};

export const opsdeskRuleKey = (code: string) => `errors.opsdesk.${code}`;

/** An install refusal (OPSDESK_* in HINT) in the console's words; undefined for any other error. */
export function opsdeskRefusal(error: RaisedError): string | undefined {
  const code = error.hint ?? "";
  const english = Object.hasOwn(OPSDESK_RULES, code) ? OPSDESK_RULES[code as OpsdeskErrorCode] : undefined;
  return english === undefined ? undefined : templated(english, opsdeskRuleKey(code));
}

/** The translation key of a rule's sentence. */
export const ruleKey = (code: string) => `errors.rule.${code}`;

function factsOf(details: string | null | undefined): Facts {
  try {
    const parsed: unknown = JSON.parse(details ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Facts) : {};
  } catch {
    return {};
  }
}

const fill = (sentence: string, values: Record<string, string | Label>) =>
  sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === "object" ? value.text : (value ?? "");
  });

/**
 * The refusal of one of the store's rules in the console's words (remembered with its key, so
 * it shows in the operator's language) and the field it belongs to on `resource`'s forms;
 * undefined for any other error.
 */
export function ruleRefusal(error: RaisedError, resource: string): { message: string; field?: string } | undefined {
  const code = error.code === "P0001" ? error.hint : undefined;
  const message = code ? ruleMessage(code, factsOf(error.details)) : undefined;
  if (!code || message === undefined) return undefined;
  return { message, field: RULES[code].fields?.[resource] };
}

/**
 * The sentence of the rule `code` with `facts` filled in (remembered with its key, so it shows
 * in the operator's language); undefined for a code no migration raises. Also what an edge
 * function's OPSDESK_RULE answer is worded by (functionErrors.ts).
 */
export function ruleMessage(code: string, facts: Facts): string | undefined {
  const rule = Object.hasOwn(RULES, code) ? RULES[code] : undefined;
  if (!rule) return undefined;
  const values = rule.values?.(facts) ?? {};
  return templated(fill(rule.english, values), ruleKey(code), values, rule.context?.(facts));
}
