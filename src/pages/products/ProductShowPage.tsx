// The product page: the generated show page plus "Similar products".

import { ResourceShow } from "../../features/show/ResourceShow";
import { SimilarProducts } from "../../features/similar/SimilarProducts";
import type { ResourceDefinition } from "../../resources/types";

export function ProductShowPage({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourceShow definition={definition}>
      {(product) => <SimilarProducts productId={Number(product.id)} version={product.version} />}
    </ResourceShow>
  );
}
