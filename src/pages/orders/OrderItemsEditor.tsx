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
import { Button, Card, Form, InputNumber, Space, Table, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useFormat } from "../../i18n/useFormat";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { fieldsByName, metaFor } from "../../lib/select";
import { orderItems } from "../../resources/order_items";
import { itemsEditable } from "../../resources/orderStatus";
import type { ResourceDefinition } from "../../resources/types";
import { buildColumns } from "../../views/columns";
import { targetOf } from "../../views/fieldKinds";
import { ReferenceSelect } from "../../views/ReferenceSelect";
import { rulesFor } from "../../views/rules";

/** A line is named by its product (embedded by metaFor). */
const productOf = (item: BaseRecord) => String((item.products as { name?: string } | null)?.name ?? item.product_id);

interface NewItem {
  product_id: number;
  quantity: number;
}

export function OrderItemsEditor({ order }: { order: BaseRecord }) {
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
            <InputNumber
              aria-label={t("orders.items.lineQuantity", { line: item.id }, "Quantity of line {{line}}")}
              min={quantityField.min}
              max={quantityField.max}
              precision={0}
              defaultValue={item.quantity}
              onBlur={(event) => {
                const quantity = Number(event.target.value);
                if (quantity === item.quantity || !quantity) return;
                update(
                  {
                    resource: orderItems.name,
                    id: item.id as number,
                    values: { quantity },
                    mutationMode: "pessimistic",
                    successNotification: {
                      type: "success",
                      message: t(
                        "orders.items.saved",
                        { product: productOf(item), number: order.number },
                        "Saved {{product}} on {{number}}",
                      ),
                    },
                  },
                  { onSuccess: refreshOrder },
                );
              }}
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
  const t = useTranslate();
  const [productField, quantityField] = fieldsByName(definition, ["product_id", "quantity"]);
  const [form] = Form.useForm<NewItem>();
  const { mutate: create, mutation: creating } = useCreate<BaseRecord, HttpError>();

  const add = (values: NewItem) =>
    create(
      { resource: orderItems.name, values: { ...values, order_id: order.id }, successNotification: false },
      {
        onSuccess: () => {
          form.resetFields();
          onAdded();
        },
      },
    );

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={add}
      style={{ marginTop: 16 }}
      aria-label={t("orders.items.addForm", "Add an item")}
    >
      <Space wrap>
        <Form.Item name="product_id" rules={rulesFor(productField)}>
          <ReferenceSelect
            target={targetOf(productField)}
            placeholder={productField.label}
            aria-label={productField.label}
            style={{ minWidth: 260 }}
          />
        </Form.Item>
        <Form.Item name="quantity" rules={rulesFor(quantityField)} initialValue={1}>
          <InputNumber min={quantityField.min} max={quantityField.max} precision={0} aria-label={quantityField.label} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={creating.isPending}>
          {t("orders.items.add", "Add item")}
        </Button>
      </Space>
    </Form>
  );
}
