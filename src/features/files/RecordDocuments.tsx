// A record's private documents on its show page: the list with signed downloads, and
// for operators who may edit the record an upload zone and delete buttons.
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { type BaseRecord, useCan, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Popconfirm, Space, Table, Typography, Upload } from "antd";
import { useAttempt } from "../../components/useAttempt";
import { useFormat } from "../../i18n/useFormat";
import { idColumnOf } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { formatBytes } from "./formatBytes";
import { acceptOf, limitsOf } from "./limits";
import { useFileCheck } from "./useFileCheck";
import { type StoredDocument, useRecordDocuments } from "./useRecordDocuments";

interface Props {
  definition: ResourceDefinition;
  record: BaseRecord;
}

export function RecordDocuments({ definition, record }: Props) {
  const format = useFormat();
  const limits = limitsOf(definition.documents?.bucket);
  const t = useTranslate();
  const canEdit = useCan({ resource: definition.name, action: "edit" }).data?.can ?? false;
  const { documents, upload, remove, download } = useRecordDocuments(record[idColumnOf(definition)], limits);
  const check = useFileCheck(limits);
  const { error, setError, attempt } = useAttempt();
  const take = async (file: File) => {
    const checked = await check(file);
    if ("refused" in checked) setError(checked.refused);
    else void attempt(() => upload.mutateAsync({ file, type: checked.type }));
  };

  return (
    <Card title={t("files.documents", "Documents")} size="small">
      <Space direction="vertical" style={{ width: "100%" }}>
        {canEdit && (
          <Upload
            accept={acceptOf(limits)}
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void take(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t("files.uploadDocument", "Upload document")}
            </Button>
            <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
              {t(limits.rule.key, limits.rule.text)}
            </Typography.Text>
          </Upload>
        )}
        {(error || documents.error) && (
          <Alert type="error" showIcon role="alert" message={error ?? documents.error?.message} />
        )}
        <Table<StoredDocument>
          rowKey="path"
          size="small"
          loading={documents.isLoading}
          dataSource={documents.data}
          pagination={false}
          locale={{ emptyText: t("files.noDocuments", "No documents yet.") }}
          columns={[
            {
              key: "name",
              title: t("files.name", "Name"),
              render: (_, document) => (
                <Button type="link" icon={<DownloadOutlined />} onClick={() => attempt(() => download(document))}>
                  {document.name}
                </Button>
              ),
            },
            { key: "size", title: t("files.size", "Size"), render: (_, document) => formatBytes(document.size) },
            {
              key: "createdAt",
              title: t("files.uploaded", "Uploaded"),
              render: (_, document) => format.dateTime(document.createdAt),
            },
            ...(canEdit
              ? [
                  {
                    key: "actions",
                    title: t("files.actions", "Actions"),
                    render: (_: unknown, document: StoredDocument) => (
                      <Popconfirm
                        title={t("files.deleteDocumentConfirm", "Delete this document?")}
                        okText={t("files.delete", "Delete")}
                        cancelText={t("files.cancel", "Cancel")}
                        onConfirm={() => attempt(() => remove.mutateAsync(document))}
                      >
                        <Button
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t("files.deleteDocument", { name: document.name }, "Delete {{name}}")}
                        />
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Card>
  );
}
