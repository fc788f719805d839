// Offers only the legal next states of an order (docs/product.md §4), as the database defines them.
import { type BaseRecord, CanAccess, type HttpError, useCustom, useTranslate, useUpdate } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import { resourceKey } from "../../i18n/resourceKeys";
import { metaFor } from "../../lib/select";
import { getResource } from "../../resources";
import { rpcCustom } from "../../resources/rpc";

export function OrderStatusControl({ order }: { order: BaseRecord }) {
  const orders = getResource("orders");
  const t = useTranslate();
  const statusName = (status: string) => t(resourceKey.option(orders.name, "status", status), status);
  // The button of each target state.
  const actionLabels: Record<string, string> = {
    paid: t("orders.actions.paid", "Mark as paid"),
    shipped: t("orders.actions.shipped", "Mark as shipped"),
    delivered: t("orders.actions.delivered", "Mark as delivered"),
    cancelled: t("orders.actions.cancelled", "Cancel order"),
    refunded: t("orders.actions.refunded", "Refund"),
  };
  const actionLabel = (status: string) => actionLabels[status] ?? statusName(status);
  const { result, query } = useCustom<string[]>(rpcCustom("order_next_statuses", { status: order.status }, "get"));
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
      successNotification: {
        message: t(
          "orders.statusChanged",
          { number: order.number, status: statusName(status) },
          "Order {{number}} is now {{status}}",
        ),
        type: "success",
      },
    });

  return (
    <CanAccess resource={orders.name} action="edit">
      <Space wrap aria-label={t("orders.changeStatus", "Change status")}>
        {next.map((status) => (
          <Popconfirm
            key={status}
            title={`${actionLabel(status)}?`}
            description={t("orders.becomes", { status: statusName(status) }, "The order becomes {{status}}.")}
            okText={t("orders.yes", "Yes")}
            cancelText={t("orders.no", "No")}
            onConfirm={() => change(status)}
          >
            <Button danger={status === "cancelled" || status === "refunded"} loading={mutation.isPending}>
              {actionLabel(status)}
            </Button>
          </Popconfirm>
        ))}
      </Space>
    </CanAccess>
  );
}
