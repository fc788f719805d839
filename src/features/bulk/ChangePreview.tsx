// The confirmation of a bulk change: how many rows take the new value, how many already hold
// it (left alone), which cannot take it and why (the state machine's own refusal), and that the
// change can still be undone for a few seconds after it is confirmed. It renders in antd's
// confirm dialog, outside Refine's providers: the list's `t` comes with it.
import type { BaseRecord } from "@refinedev/core";
import { Space, Typography } from "antd";
import type { Translate } from "../../i18n/messages";
import { tCount } from "../../i18n/plural";
import { RefusedRows } from "../undo/RefusedRows";
import type { ChangePlan } from "./bulkChange";

interface Props {
  plan: ChangePlan;
  /** The new value in the operator's words. */
  value: string;
  nouns: { singular: string; plural: string };
  titleOf: (record: BaseRecord, id: string) => string;
  t: Translate;
}

export function ChangePreview({ plan, value, nouns, titleOf, t }: Props) {
  const values = { ...nouns, value };
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-change-preview>
      <Typography.Text strong>
        {plan.change.length === 0
          ? t("bulk.nothingToChange", {}, "No selected row can be changed.")
          : tCount(
              t,
              "bulk.willChange",
              plan.change.length,
              {
                one: "{{count}} {{singular}} will be set to “{{value}}”.",
                other: "{{count}} {{plural}} will be set to “{{value}}”.",
              },
              values,
            )}
      </Typography.Text>
      {plan.unchanged.length > 0 && (
        <Typography.Text>
          {tCount(
            t,
            "bulk.alreadySet",
            plan.unchanged.length,
            {
              one: "{{count}} already is “{{value}}” and stays as it is.",
              other: "{{count}} already are “{{value}}” and stay as they are.",
            },
            values,
          )}
        </Typography.Text>
      )}
      {plan.refused.length > 0 && (
        <>
          <Typography.Text type="warning">
            {tCount(
              t,
              "bulk.cannotChange",
              plan.refused.length,
              {
                one: "{{count}} cannot change and stays selected:",
                other: "{{count}} cannot change and stay selected:",
              },
              values,
            )}
          </Typography.Text>
          <RefusedRows rows={plan.refused.map(({ record, message }) => ({ title: titleOf(record, ""), message }))} />
        </>
      )}
      {plan.change.length > 0 && (
        <Typography.Text type="secondary">
          {t("bulk.undoHint", {}, "You can undo the change for 5 seconds after confirming.")}
        </Typography.Text>
      )}
    </Space>
  );
}
