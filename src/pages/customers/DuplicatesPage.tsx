// /customers/duplicates (docs/product.md §11): pairs of customers at least as alike as the
// duplicate threshold, closest first, each with Merge: the operator picks the
// customer to keep, the other's orders move to it and the other is deleted, in one
// audited transaction. A pair that changed since it was shown is refused.
import { useNotification, useTranslate } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Modal, Radio, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useTabTitle } from "../../components/useTabTitle";
import {
  type DuplicatePair,
  duplicatePairs,
  mergeCustomers,
  type PairCustomer,
  useSimilarityFormat,
} from "../../features/similar/vectorApi";
import { localizeMessage } from "../../i18n/messages";
import { tCount } from "../../i18n/plural";

const PAIRS_KEY = ["duplicates", "customers"];

function CustomerCell({ customer }: { customer: PairCustomer }) {
  const t = useTranslate();
  return (
    <Space direction="vertical" size={0}>
      <Link to={`/customers/${customer.id}`}>{customer.full_name}</Link>
      <Typography.Text type="secondary">{customer.email}</Typography.Text>
      <Typography.Text type="secondary">
        {tCount(t, "duplicates.orders", customer.order_count, { one: "{{count}} order", other: "{{count}} orders" })}
      </Typography.Text>
    </Space>
  );
}

function MergeModal({ pair, onClose }: { pair: DuplicatePair; onClose: () => void }) {
  const t = useTranslate();
  // The console's notices (bottom right, clear of the header), as every other screen's.
  const { open: notify } = useNotification();
  const queryClient = useQueryClient();
  // Keep the customer with more orders (the older one on a tie) unless the operator picks.
  const older = pair.a.created_at <= pair.b.created_at ? pair.a : pair.b;
  const suggested =
    pair.a.order_count === pair.b.order_count ? older : pair.a.order_count > pair.b.order_count ? pair.a : pair.b;
  const [keepId, setKeepId] = useState(suggested.id);
  const keep = keepId === pair.a.id ? pair.a : pair.b;
  const duplicate = keepId === pair.a.id ? pair.b : pair.a;
  const merge = useMutation({
    mutationFn: () => mergeCustomers(keep, duplicate),
    onSuccess: async () => {
      notify?.({ type: "success", message: t("duplicates.merged", { name: keep.full_name }, "Merged into {{name}}.") });
      await queryClient.invalidateQueries({ queryKey: PAIRS_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t("duplicates.mergeTitle", "Merge customers")}
      okText={t("duplicates.merge", "Merge")}
      okButtonProps={{ danger: true, loading: merge.isPending }}
      onOk={() => merge.mutate()}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Typography.Text>{t("duplicates.keepWhich", "Which customer do you keep?")}</Typography.Text>
        <Radio.Group value={keepId} onChange={(e) => setKeepId(e.target.value)}>
          <Space direction="vertical">
            {[pair.a, pair.b].map((c) => (
              <Radio key={c.id} value={c.id}>
                {c.full_name} · {c.email}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        <Alert
          type="info"
          showIcon
          message={tCount(
            t,
            "duplicates.consequence",
            duplicate.order_count,
            {
              one: "{{removed}}'s order moves to {{kept}}, and {{removed}} is deleted. The audit log records both.",
              other:
                "{{removed}}'s {{count}} orders move to {{kept}}, and {{removed}} is deleted. The audit log records both.",
            },
            { kept: keep.full_name, removed: duplicate.full_name },
          )}
        />
        {merge.isError && <Alert type="error" showIcon message={localizeMessage(merge.error.message, t)} />}
      </Space>
    </Modal>
  );
}

export function DuplicatesPage() {
  const t = useTranslate();
  const format = useSimilarityFormat();
  const pairs = useQuery({ queryKey: PAIRS_KEY, queryFn: duplicatePairs });
  const [merging, setMerging] = useState<DuplicatePair>();
  const title = t("duplicates.title", "Possible duplicates");
  useTabTitle(title);
  return (
    <div style={{ padding: 8 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button onClick={() => pairs.refetch()} loading={pairs.isFetching}>
          {t("duplicates.reload", "Reload")}
        </Button>
      </Space>
      {pairs.isError && <Alert type="error" showIcon message={localizeMessage(pairs.error.message, t)} />}
      <Table<DuplicatePair>
        rowKey={(p) => `${p.a.id}|${p.b.id}`}
        loading={pairs.isLoading}
        dataSource={pairs.data ?? []}
        pagination={false}
        // Scrolls inside itself on a phone instead of widening the page.
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("duplicates.none", "No possible duplicates.") }}
        columns={[
          { title: t("duplicates.customer", "Customer"), render: (_, p) => <CustomerCell customer={p.a} /> },
          {
            title: t("duplicates.otherCustomer", "Possible duplicate"),
            render: (_, p) => <CustomerCell customer={p.b} />,
          },
          { title: t("duplicates.similarity", "Similarity"), render: (_, p) => <Tag>{format(p.similarity)}</Tag> },
          {
            title: t("duplicates.actions", "Actions"),
            render: (_, p) => <Button onClick={() => setMerging(p)}>{t("duplicates.merge", "Merge")}…</Button>,
          },
        ]}
      />
      {merging && (
        <MergeModal key={`${merging.a.id}|${merging.b.id}`} pair={merging} onClose={() => setMerging(undefined)} />
      )}
    </div>
  );
}
