// The product page: the generated show page plus "Similar products".
import type { ResourceDefinition } from "../../resources/types";
import { ResourceShow } from "../../views/ResourceShow";
import { SimilarProducts } from "../../views/similar/SimilarProducts";

export function ProductShowPage({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourceShow definition={definition}>
      {(product) => <SimilarProducts productId={Number(product.id)} version={product.version} />}
    </ResourceShow>
  );
}
