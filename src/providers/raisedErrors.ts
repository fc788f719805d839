// The sentences our own triggers and RPCs raise for operators (errcode P0001, in
// supabase/migrations), each with a translation key, so the console says them in the
// operator's language; values they carry (an order's statuses) are translated as labels.
// A sentence not listed here (a new trigger's) shows as the database wrote it.
import { type Label, templated } from "../i18n/messages";
import { resourceKey } from "../i18n/resourceKeys";

const status = (value: string): Label => ({ key: resourceKey.option("orders", "status", value), text: value });

interface Raised {
  pattern: RegExp;
  key: string;
  values?: (match: RegExpExecArray) => Record<string, string | Label>;
}

const RAISED: Raised[] = [
  { pattern: /^A new order must start as pending\.$/, key: "errors.raised.newOrderPending" },
  { pattern: /^Order times are set by status changes and cannot be edited\.$/, key: "errors.raised.orderTimes" },
  {
    pattern: /^An order that is (\w+) cannot become (\w+)\.$/,
    key: "errors.raised.statusChange",
    values: (match) => ({ from: status(match[1]), to: status(match[2]) }),
  },
  { pattern: /^Items can only be changed while the order is pending\.$/, key: "errors.raised.itemsLocked" },
  { pattern: /^At least one active admin must remain\.$/, key: "errors.raised.lastAdmin" },
  { pattern: /^You cannot remove your own role's access to permissions\.$/, key: "errors.raised.ownPermissions" },
  { pattern: /^Record keys cannot be changed\.$/, key: "errors.raised.recordKeys" },
  { pattern: /^The audit log cannot be changed\.$/, key: "errors.raised.auditLog" },
  { pattern: /^A customer cannot be merged with itself\.$/, key: "errors.raised.mergeSelf" },
  { pattern: /^That customer no longer exists\.$/, key: "errors.raised.customerGone" },
  { pattern: /^You cannot remove your own staff account\.$/, key: "errors.raised.ownStaff" },
  { pattern: /^You cannot deactivate your own account\.$/, key: "errors.raised.ownDeactivate" },
  { pattern: /^You cannot change your own role\.$/, key: "errors.raised.ownRole" },
  { pattern: /^The import must be a list of rows\.$/, key: "errors.raised.importShape" },
  {
    pattern: /^A CSV file can have at most (\d+) rows\.$/,
    key: "errors.raised.importRows",
    values: (match) => ({ max: match[1] }),
  },
  {
    pattern: /^At most (\d+) rows at once\.$/,
    key: "errors.raised.bulkRows",
    values: (match) => ({ max: match[1] }),
  },
];

/** The raised sentence, remembered with its translation key when it is one of ours. */
export function raisedMessage(text: string): string {
  for (const raised of RAISED) {
    const match = raised.pattern.exec(text);
    if (match) return templated(text, raised.key, raised.values?.(match) ?? {});
  }
  return text;
}
