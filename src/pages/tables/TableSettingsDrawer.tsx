// One managed table's settings on the admin's Tables screen (docs/any-project.md "settings"):
// labels in English and German, title field, list columns in their order, hidden fields, field
// labels and help per language, default sort, the actions the console offers, and text columns
// holding a file path in a bucket (picked from the project's buckets). Saved whole with
// opsdesk.set_table_settings, which checks every column name and that each file column's bucket
// exists (OPSDESK_NO_SUCH_BUCKET, shown on that column's field); every console picks the change
// up through the schema version.
import { useTranslate } from "@refinedev/core";
import { Alert, App, Button, Checkbox, Drawer, Form, Input, Select, Space, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { localizeMessage } from "../../i18n/messages";
import { backend } from "../../providers/backend";
import type { DescribedTable, FileBucket, TableAction, TableSettings } from "../../resources/describe.types";

const ACTIONS: TableAction[] = ["create", "edit", "delete", "export", "import"];
const LANGUAGES = ["en", "de"] as const;

interface FormValues {
  labels: Record<(typeof LANGUAGES)[number], { singular?: string; plural?: string }>;
  title_field?: string;
  list_columns: string[];
  hidden: string[];
  sort_field?: string;
  sort_order: "asc" | "desc";
  actions: TableAction[];
  fields: Record<string, { en?: string; de?: string; help_en?: string; help_de?: string; bucket?: string }>;
}

const blankToUndefined = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** The form's values from stored settings. */
function toForm(table: DescribedTable): FormValues {
  const s = table.settings ?? {};
  const fields: FormValues["fields"] = {};
  for (const column of table.columns) {
    fields[column.name] = {
      en: s.field_labels?.[column.name]?.en,
      de: s.field_labels?.[column.name]?.de,
      help_en: s.help?.[column.name]?.en,
      help_de: s.help?.[column.name]?.de,
      bucket: s.file_columns?.[column.name]?.bucket,
    };
  }
  return {
    labels: { en: { ...s.labels?.en }, de: { ...s.labels?.de } },
    title_field: s.title_field ?? undefined,
    list_columns: s.list_columns ?? [],
    hidden: s.hidden ?? [],
    sort_field: s.default_sort?.field,
    sort_order: s.default_sort?.order ?? "asc",
    actions: ACTIONS.filter((a) => s.actions?.[a] !== false),
    fields,
  };
}

/** Settings as stored: only what the admin gave, the rest left to the generator. */
export function toSettings(values: FormValues, kept: TableSettings = {}): TableSettings {
  const out: TableSettings = { ...kept };
  const labels: NonNullable<TableSettings["labels"]> = {};
  for (const language of LANGUAGES) {
    const singular = blankToUndefined(values.labels?.[language]?.singular);
    const plural = blankToUndefined(values.labels?.[language]?.plural);
    if (singular || plural) labels[language] = { singular, plural };
  }
  out.labels = labels;
  out.title_field = values.title_field ?? null;
  out.list_columns = values.list_columns?.length ? values.list_columns : null;
  out.hidden = values.hidden?.length ? values.hidden : null;
  out.default_sort = values.sort_field ? { field: values.sort_field, order: values.sort_order } : null;
  out.actions = Object.fromEntries(ACTIONS.map((a) => [a, values.actions.includes(a)]));
  const fieldLabels: NonNullable<TableSettings["field_labels"]> = {};
  const help: NonNullable<TableSettings["help"]> = {};
  const files: NonNullable<TableSettings["file_columns"]> = {};
  for (const [name, field] of Object.entries(values.fields ?? {})) {
    const en = blankToUndefined(field.en);
    const de = blankToUndefined(field.de);
    if (en || de) fieldLabels[name] = { en, de };
    const helpEn = blankToUndefined(field.help_en);
    const helpDe = blankToUndefined(field.help_de);
    if (helpEn || helpDe) help[name] = { en: helpEn, de: helpDe };
    const bucket = blankToUndefined(field.bucket);
    if (bucket) files[name] = { bucket };
  }
  out.field_labels = fieldLabels;
  out.help = help;
  out.file_columns = files;
  return JSON.parse(JSON.stringify(out)) as TableSettings;
}

/** The file column whose bucket the save refused (OPSDESK_NO_SUCH_BUCKET names it in DETAIL). */
export function refusedBucketColumn(thrown: unknown): string | undefined {
  const cause = (thrown as { cause?: { hint?: string | null; details?: string | null } } | null)?.cause;
  return cause?.hint === "OPSDESK_NO_SUCH_BUCKET" && cause.details ? cause.details : undefined;
}

/** The project's buckets for the picker; none (the field stays empty) if they cannot be read. */
function useBuckets(): FileBucket[] {
  const [buckets, setBuckets] = useState<FileBucket[]>([]);
  useEffect(() => {
    let live = true;
    backend.tables
      .buckets()
      .then((found) => {
        if (live) setBuckets(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return buckets;
}

export function TableSettingsDrawer({ table, onClose }: { table: DescribedTable; onClose: () => void }) {
  const t = useTranslate();
  const names = {
    en: { singular: t("tables.singularEn", "One (English)"), plural: t("tables.pluralEn", "Several (English)") },
    de: { singular: t("tables.singularDe", "One (German)"), plural: t("tables.pluralDe", "Several (German)") },
  };
  const fieldParts = {
    en: t("tables.labelEn", "Label (English)"),
    de: t("tables.labelDe", "Label (German)"),
    help_en: t("tables.helpEn", "Help (English)"),
    help_de: t("tables.helpDe", "Help (German)"),
  };
  const actionNames: Record<TableAction, string> = {
    create: t("tables.actionCreate", "Create"),
    edit: t("tables.actionEdit", "Edit"),
    delete: t("tables.actionDelete", "Delete"),
    export: t("tables.actionExport", "Export"),
    import: t("tables.actionImport", "Import"),
  };
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const columns = table.columns.filter((c) => c.privileges.select).map((c) => ({ value: c.name, label: c.name }));
  const textColumns = new Set(table.columns.filter((c) => c.category === "text").map((c) => c.name));
  const buckets = useBuckets();
  const bucketOptions = buckets.map((b) => ({
    value: b.id,
    label: b.public ? b.id : `${b.id} (${t("tables.privateBucket", "private")})`,
  }));

  const save = async (values: FormValues) => {
    setSaving(true);
    setError(undefined);
    try {
      await backend.tables.setSettings(table.schema, table.name, toSettings(values, table.settings ?? {}));
      await backend.tables.refresh();
      message.success(
        t("tables.saved", { table: `${table.schema}.${table.name}` }, "Saved the settings of {{table}}."),
      );
      onClose();
    } catch (thrown) {
      const column = refusedBucketColumn(thrown);
      if (column) {
        const bucket = values.fields?.[column]?.bucket ?? "";
        form.setFields([
          {
            name: ["fields", column, "bucket"],
            errors: [t("tables.noSuchBucket", { bucket }, "There is no bucket “{{bucket}}” (any more).")],
          },
        ]);
      } else {
        setError(localizeMessage((thrown as Error).message, t));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      width={760}
      title={`${table.schema}.${table.name}`}
      onClose={onClose}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {t("buttons.save", "Save")}
        </Button>
      }
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={toForm(table)} onFinish={save}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Typography.Title level={5}>{t("tables.labels", "Names")}</Typography.Title>
        {LANGUAGES.map((language) => (
          <Space key={language} style={{ display: "flex" }} align="start">
            <Form.Item name={["labels", language, "singular"]} label={names[language].singular}>
              <Input />
            </Form.Item>
            <Form.Item name={["labels", language, "plural"]} label={names[language].plural}>
              <Input />
            </Form.Item>
          </Space>
        ))}
        <Form.Item name="title_field" label={t("tables.titleField", "Title field")}>
          <Select allowClear options={columns} />
        </Form.Item>
        <Form.Item
          name="list_columns"
          label={t("tables.listColumns", "List columns")}
          extra={t("tables.listColumnsHelp", "In the order chosen; none: the console chooses.")}
        >
          <Select mode="multiple" allowClear options={columns} />
        </Form.Item>
        <Form.Item name="hidden" label={t("tables.hidden", "Hidden fields")}>
          <Select mode="multiple" allowClear options={columns} />
        </Form.Item>
        <Space style={{ display: "flex" }} align="start">
          <Form.Item name="sort_field" label={t("tables.sortField", "Default sort")}>
            <Select allowClear options={columns} style={{ minWidth: 220 }} />
          </Form.Item>
          <Form.Item name="sort_order" label={t("tables.sortOrder", "Order")}>
            <Select
              style={{ minWidth: 140 }}
              options={[
                { value: "asc", label: t("tables.ascending", "ascending") },
                { value: "desc", label: t("tables.descending", "descending") },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item name="actions" label={t("tables.actions", "What the console offers")}>
          <Checkbox.Group options={ACTIONS.map((a) => ({ value: a, label: actionNames[a] }))} />
        </Form.Item>
        <Typography.Title level={5}>{t("tables.fields", "Fields")}</Typography.Title>
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={table.columns.filter((c) => c.privileges.select)}
          scroll={{ x: true }}
          columns={[
            { key: "name", title: t("tables.column", "Column"), dataIndex: "name" },
            ...(["en", "de", "help_en", "help_de"] as const).map((part) => ({
              key: part,
              title: fieldParts[part],
              render: (_: unknown, column: { name: string }) => (
                <Form.Item name={["fields", column.name, part]} noStyle>
                  <Input aria-label={`${column.name} ${part}`} />
                </Form.Item>
              ),
            })),
            {
              key: "bucket",
              title: t("tables.bucket", "File in bucket"),
              render: (_: unknown, column: { name: string }) =>
                textColumns.has(column.name) ? (
                  <Form.Item name={["fields", column.name, "bucket"]} style={{ marginBottom: 0 }}>
                    <Select
                      allowClear
                      showSearch
                      aria-label={`${column.name} bucket`}
                      options={bucketOptions}
                      style={{ minWidth: 160 }}
                    />
                  </Form.Item>
                ) : null,
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}
