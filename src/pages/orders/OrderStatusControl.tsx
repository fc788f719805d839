// Offers only the legal next states of an order (SPEC §4), as the database defines them.
import { type BaseRecord, CanAccess, type HttpError, useCustom, useUpdate } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import { orders } from "../../resources/orders";
import { metaFor } from "../../views/select";

const ACTION_LABELS: Record<string, string> = {
  paid: "Mark as paid",
  shipped: "Mark as shipped",
  delivered: "Mark as delivered",
  cancelled: "Cancel order",
  refunded: "Refund",
};

export function OrderStatusControl({ order }: { order: BaseRecord }) {
  const { result, query } = useCustom<string[]>({
    url: "rpc/order_next_statuses",
    method: "get",
    config: { query: { status: order.status } },
  });
  const { mutate, mutation } = useUpdate<BaseRecord, HttpError>();
  const next = Array.isArray(result.data) ? result.data : [];
  if (query.isLoading || next.length === 0) return null;

  const change = (status: string) =>
    mutate({
      resource: orders.name,
      id: order.id as number,
      values: { status, version: order.version },
      meta: metaFor(orders),
      mutationMode: "pessimistic",
      successNotification: { message: `Order ${order.number} is now ${status}`, type: "success" },
    });

  return (
    <CanAccess resource={orders.name} action="edit">
      <Space wrap aria-label="Change status">
        {next.map((status) => (
          <Popconfirm
            key={status}
            title={`${ACTION_LABELS[status] ?? status}?`}
            description={`The order becomes ${status}.`}
            okText="Yes"
            cancelText="No"
            onConfirm={() => change(status)}
          >
            <Button danger={status === "cancelled" || status === "refunded"} loading={mutation.isPending}>
              {ACTION_LABELS[status] ?? status}
            </Button>
          </Popconfirm>
        ))}
      </Space>
    </CanAccess>
  );
}
