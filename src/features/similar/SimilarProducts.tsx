// "Similar products" on a product's page: the 5 nearest by name, description, tags
// and category (the `similar` function), each linking to its page.
import { useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, List, Tag, Typography } from "antd";
import { Link } from "react-router";
import { localizeMessage } from "../../i18n/messages";
import { similarProducts, useSimilarityFormat } from "./vectorApi";

export function SimilarProducts({ productId, version }: { productId: number; version: unknown }) {
  const t = useTranslate();
  const format = useSimilarityFormat();
  // The version is part of the key: an edit of this product asks again.
  const similar = useQuery({
    queryKey: ["similar", "products", productId, version],
    queryFn: () => similarProducts(productId),
  });
  return (
    <Card title={t("similar.products.title", "Similar products")} size="small" data-testid="similar-products">
      {similar.isError ? (
        <Alert type="error" showIcon message={localizeMessage(similar.error.message, t)} />
      ) : (
        <List
          loading={similar.isLoading}
          dataSource={similar.data ?? []}
          locale={{ emptyText: t("similar.products.none", "No similar products yet.") }}
          renderItem={(product) => (
            <List.Item extra={<Tag>{format(product.similarity)}</Tag>}>
              <Link to={`/products/${product.id}`}>{product.name}</Link>{" "}
              <Typography.Text type="secondary">{product.sku}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
