// The order page: the generated show page plus the status control and the items editor.

import { ResourceShow } from "../../features/show/ResourceShow";
import type { ResourceDefinition } from "../../resources/types";
import { OrderItemsEditor } from "./OrderItemsEditor";
import { OrderStatusControl } from "./OrderStatusControl";

export function OrderShowPage({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourceShow definition={definition} headerExtra={(order) => <OrderStatusControl order={order} />}>
      {(order) => <OrderItemsEditor order={order} />}
    </ResourceShow>
  );
}
