// The generated show page: sections of fields, then related lists.
import { Show } from "@refinedev/antd";
import { type BaseRecord, type HttpError, useShow } from "@refinedev/core";
import { Alert, Card, Descriptions, Space } from "antd";
import type { ReactNode } from "react";
import { findResource } from "../resources";
import type { ResourceDefinition, ShowSection } from "../resources/types";
import { renderField } from "./fieldKinds";
import { RelatedList } from "./RelatedList";
import { fieldsByName, idColumnOf, metaFor } from "./select";

function defaultSections(def: ResourceDefinition): ShowSection[] {
  return [{ title: def.label.singular.replace(/^./, (c) => c.toUpperCase()), fields: def.fields.map((f) => f.name) }];
}

interface Props {
  definition: ResourceDefinition;
  /** Extra header controls (e.g. the order status control). */
  headerExtra?: (record: BaseRecord) => ReactNode;
  /** Content under the sections, replacing the generated related lists when given. */
  children?: (record: BaseRecord) => ReactNode;
}

export function ResourceShow({ definition: def, headerExtra, children }: Props) {
  const { query } = useShow<BaseRecord, HttpError>({ resource: def.name, meta: metaFor(def) });
  const record = query.data?.data;
  const screens = def.screens ?? {};
  const title = record
    ? `${def.label.singular.replace(/^./, (c) => c.toUpperCase())} ${String(record[def.titleField] ?? "")}`
    : undefined;

  return (
    <Show
      title={title}
      isLoading={query.isLoading}
      canEdit={screens.edit !== false}
      headerButtons={({ defaultButtons }) => (
        <>
          {record && headerExtra?.(record)}
          {defaultButtons}
        </>
      )}
    >
      {query.isError && <Alert type="error" showIcon message={query.error?.message} />}
      {record && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          {(def.show?.sections ?? defaultSections(def)).map((section) => (
            <Descriptions key={section.title} title={section.title} bordered column={{ xs: 1, md: 2 }} size="small">
              {fieldsByName(def, section.fields).map((field) => (
                <Descriptions.Item key={field.name} label={field.label}>
                  {renderField(field, record)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ))}
          {children
            ? children(record)
            : def.related?.map((related) => {
                const relatedDef = findResource(related.resource);
                return relatedDef ? (
                  <RelatedList
                    key={related.resource}
                    related={related}
                    definition={relatedDef}
                    parentId={record[idColumnOf(def)]}
                  />
                ) : (
                  <Card key={related.resource}>No definition for {related.resource}</Card>
                );
              })}
        </Space>
      )}
    </Show>
  );
}
