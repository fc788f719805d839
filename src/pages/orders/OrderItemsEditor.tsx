// The order's lines: a read-only list, editable (quantity, add, remove) while the order is pending.
import { DeleteButton, useTable } from "@refinedev/antd";
import {
  type BaseRecord,
  type HttpError,
  useCan,
  useCreate,
  useInvalidate,
  useTranslate,
  useUpdate,
} from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Table, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useState } from "react";
import { targetOf } from "../../features/fields/fieldKinds";
import { NumberInput } from "../../features/fields/formatted";
import { ReferenceSelect } from "../../features/fields/ReferenceSelect";
import { numberProblem, rulesFor } from "../../features/fields/rules";
import { showFieldErrors } from "../../features/form/formErrors";
import { buildColumns } from "../../features/list/columns";
import { localizeMessage } from "../../i18n/messages";
import { useFormat } from "../../i18n/useFormat";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { fieldsByName, metaFor } from "../../lib/select";
import { getResource } from "../../resources";
import { itemsEditable } from "../../resources/orderStatus";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";

/** The order lines' resource of the moment (generated, the demo's override merged: resources/order_items.ts). */
const orderItemsResource = () => getResource("order_items");

/** A line is named by its product (embedded by metaFor). */
const productOf = (item: BaseRecord) => String((item.products as { name?: string } | null)?.name ?? item.product_id);

interface NewItem {
  product_id: number;
  quantity: number;
}

export function OrderItemsEditor({ order }: { order: BaseRecord }) {
  const orderItems = orderItemsResource();
  const t = useTranslate();
  const format = useFormat();
  const definition = useLocalizedDefinition(orderItems);
  const [, quantityField] = fieldsByName(definition, ["product_id", "quantity"]);
  const { tableProps } = useTable<BaseRecord, HttpError>({
    resource: orderItems.name,
    meta: metaFor(orderItems),
    pagination: { pageSize: 100 },
    sorters: { initial: [{ field: "id", order: "asc" }] },
    filters: { permanent: [{ field: "order_id", operator: "eq", value: order.id }] },
    syncWithLocation: false,
  });
  const { data: canEdit } = useCan({ resource: orderItems.name, action: "edit" });
  const { data: canCreate } = useCan({ resource: orderItems.name, action: "create" });
  const { data: canDelete } = useCan({ resource: orderItems.name, action: "delete" });
  const editable = itemsEditable(order.status);
  const invalidate = useInvalidate();
  const { mutate: update } = useUpdate<BaseRecord, HttpError>();

  // Lines change the order's total (and version): show the order as it is now.
  const refreshOrder = () => invalidate({ resource: "orders", id: order.id as number, invalidates: ["detail"] });

  const columns: ColumnType<BaseRecord>[] = buildColumns(definition, {
    sorters: [],
    filters: [],
    interactive: false,
  }).map((column) =>
    column.dataIndex === "quantity" && editable && canEdit?.can
      ? {
          ...column,
          render: (_: unknown, item: BaseRecord) => (
            <LineQuantity
              key={`${item.id}:${item.quantity}`}
              item={item}
              field={quantityField}
              onSave={(quantity, done) =>
                update(
                  {
                    resource: orderItems.name,
                    id: item.id as number,
                    values: { quantity },
                    mutationMode: "pessimistic",
                    // A refusal shows under the quantity it concerns (LineQuantity).
                    errorNotification: false,
                    successNotification: {
                      type: "success",
                      message: t(
                        "orders.items.saved",
                        { product: productOf(item), number: order.number },
                        "Saved {{product}} on {{number}}",
                      ),
                    },
                  },
                  { onSuccess: () => refreshOrder(), onSettled: (_data, error) => done(error ?? undefined) },
                )
              }
            />
          ),
        }
      : column,
  );
  if (editable && canDelete?.can) {
    columns.push({
      key: "remove",
      title: "",
      render: (_, item) => (
        <DeleteButton
          size="small"
          hideText
          resource={orderItems.name}
          recordItemId={item.id as number}
          onSuccess={refreshOrder}
          successNotification={{
            type: "success",
            message: t(
              "orders.items.removed",
              { product: productOf(item), number: order.number },
              "Removed {{product}} from {{number}}",
            ),
          }}
          confirmTitle={t("orders.items.removeConfirm", "Remove this line?")}
        />
      ),
    });
  }

  return (
    <Card
      title={t("orders.items.title", "Order items")}
      size="small"
      extra={
        !editable && (
          <Typography.Text type="secondary">
            {t("orders.items.locked", "Items can be changed only while pending.")}
          </Typography.Text>
        )
      }
    >
      <Table
        {...tableProps}
        rowKey="id"
        size="small"
        columns={columns}
        pagination={false}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={columns.length}>
              <Typography.Text strong>
                {t("orders.items.total", { total: format.money(order.total) }, "Total {{total}}")}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {editable && canCreate?.can && <AddItemForm order={order} definition={definition} onAdded={refreshOrder} />}
    </Card>
  );
}

/**
 * A line's quantity, saved when the operator leaves the field or presses Enter: a quantity the
 * line cannot take is said under it (the field's rule, or the database's refusal, such as too
 * few units in stock) and nothing is sent or changed.
 */
function LineQuantity({
  item,
  field,
  onSave,
}: {
  item: BaseRecord;
  field: FieldDefinition;
  onSave: (quantity: number, done: (error?: HttpError) => void) => void;
}) {
  const t = useTranslate();
  const [value, setValue] = useState<number | null>(item.quantity as number);
  const [refusal, setRefusal] = useState<string>();
  const problem = numberProblem(field, value, t);
  const message = problem ?? refusal;
  const messageId = `line-${item.id}-quantity`;
  const save = () => {
    if (problem || value === null || Number(value) === item.quantity) return;
    onSave(Number(value), (error) => setRefusal(error ? localizeMessage(error.message, t) : undefined));
  };
  return (
    <Space direction="vertical" size={2}>
      <NumberInput
        aria-label={t("orders.items.lineQuantity", { line: item.id }, "Quantity of line {{line}}")}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        status={message ? "error" : undefined}
        value={value}
        onChange={(next) => {
          setValue(next);
          setRefusal(undefined);
        }}
        onBlur={save}
        onPressEnter={save}
      />
      {message && (
        <Typography.Text type="danger" id={messageId} role="alert" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The line to add: a product and a quantity (the unit price defaults to the product's). */
function AddItemForm({
  order,
  definition,
  onAdded,
}: {
  order: BaseRecord;
  definition: ResourceDefinition;
  onAdded: () => void;
}) {
  const orderItems = orderItemsResource();
  const t = useTranslate();
  const [productField, quantityField] = fieldsByName(definition, ["product_id", "quantity"]);
  const [form] = Form.useForm<NewItem>();
  const { mutate: create, mutation: creating } = useCreate<BaseRecord, HttpError>();
  const [refusal, setRefusal] = useState<string>();

  const add = (values: NewItem) => {
    setRefusal(undefined);
    create(
      {
        resource: orderItems.name,
        values: { ...values, order_id: order.id },
        successNotification: false,
        // The database's refusal shows on the field it concerns, or under the form.
        errorNotification: false,
      },
      {
        onSuccess: () => {
          form.resetFields();
          onAdded();
        },
        onError: (error) => {
          showFieldErrors(form, error, t);
          if (!error.errors || Object.keys(error.errors).length === 0) setRefusal(localizeMessage(error.message, t));
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={add}
      style={{ marginTop: 16 }}
      aria-label={t("orders.items.addForm", "Add an item")}
    >
      <Space wrap align="start">
        <Form.Item name="product_id" rules={rulesFor(productField, t)}>
          <ReferenceSelect
            target={targetOf(productField)}
            choosableOnly
            placeholder={productField.label}
            aria-label={productField.label}
            style={{ minWidth: 260 }}
          />
        </Form.Item>
        <Form.Item name="quantity" rules={rulesFor(quantityField, t)} initialValue={1}>
          <NumberInput aria-label={quantityField.label} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={creating.isPending}>
          {t("orders.items.add", "Add item")}
        </Button>
      </Space>
      {refusal && (
        <Alert type="error" showIcon role="alert" message={refusal} style={{ marginTop: 8, width: "100%" }} />
      )}
    </Form>
  );
}
