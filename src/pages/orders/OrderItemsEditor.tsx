// The order's lines: a read-only list, editable (quantity, add, remove) while the order is pending.
import { DeleteButton, useTable } from "@refinedev/antd";
import { type BaseRecord, type HttpError, useCan, useCreate, useInvalidate, useUpdate } from "@refinedev/core";
import { Button, Card, Form, InputNumber, Space, Table, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { orderItems } from "../../resources/order_items";
import { itemsEditable } from "../../resources/orderStatus";
import { buildColumns } from "../../views/columns";
import { targetOf } from "../../views/fieldKinds";
import { formatMoney } from "../../views/format";
import { ReferenceSelect } from "../../views/ReferenceSelect";
import { rulesFor } from "../../views/rules";
import { fieldsByName, metaFor } from "../../views/select";

const [productField, quantityField] = fieldsByName(orderItems, ["product_id", "quantity"]);

export function OrderItemsEditor({ order }: { order: BaseRecord }) {
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
  const { mutate: create, mutation: creating } = useCreate<BaseRecord, HttpError>();
  const [form] = Form.useForm<{ product_id: number; quantity: number }>();

  // Lines change the order's total (and version): show the order as it is now.
  const refreshOrder = () => invalidate({ resource: "orders", id: order.id as number, invalidates: ["detail"] });

  const columns: ColumnType<BaseRecord>[] = buildColumns(orderItems, {
    sorters: [],
    filters: [],
    interactive: false,
  }).map((column) =>
    column.dataIndex === "quantity" && editable && canEdit?.can
      ? {
          ...column,
          render: (_: unknown, item: BaseRecord) => (
            <InputNumber
              aria-label={`Quantity of line ${item.id}`}
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
          confirmTitle="Remove this line?"
        />
      ),
    });
  }

  const add = (values: { product_id: number; quantity: number }) =>
    create(
      { resource: orderItems.name, values: { ...values, order_id: order.id }, successNotification: false },
      {
        onSuccess: () => {
          form.resetFields();
          refreshOrder();
        },
      },
    );

  return (
    <Card
      title="Order items"
      size="small"
      extra={!editable && <Typography.Text type="secondary">Items can be changed only while pending.</Typography.Text>}
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
              <Typography.Text strong>Total {formatMoney(order.total)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {editable && canCreate?.can && (
        <Form form={form} layout="inline" onFinish={add} style={{ marginTop: 16 }} aria-label="Add an item">
          <Space wrap>
            <Form.Item name="product_id" rules={rulesFor(productField)}>
              <ReferenceSelect
                target={targetOf(productField)}
                placeholder="Product"
                aria-label="Product"
                style={{ minWidth: 260 }}
              />
            </Form.Item>
            <Form.Item name="quantity" rules={rulesFor(quantityField)} initialValue={1}>
              <InputNumber min={quantityField.min} max={quantityField.max} precision={0} aria-label="Quantity" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={creating.isPending}>
              Add item
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
