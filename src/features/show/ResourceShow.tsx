// The generated show page: sections of fields, then related lists.
import { Show } from "@refinedev/antd";
import { type BaseRecord, type HttpError, useShow, useTranslate } from "@refinedev/core";
import { Alert, Card, Descriptions, Space } from "antd";
import type { ReactNode } from "react";
import { BACK_ICON } from "../../components/backIcon";
import { DefinitionNotices } from "../../components/DefinitionNotices";
import { useTabTitle } from "../../components/useTabTitle";
import { localizeMessage } from "../../i18n/messages";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { fieldsByName, idColumnOf, metaFor } from "../../lib/select";
import { findResource } from "../../resources";
import type { ResourceDefinition, ShowSection } from "../../resources/types";
import { renderField } from "../fields/fieldKinds";
import { ImageManager } from "../files/ImageManager";
import { RecordDocuments } from "../files/RecordDocuments";
import { useShowTabs } from "../history/ShowTabs";
import { RecordPresence } from "../live/RecordPresence";
import { useRecordPresence } from "../live/useRecordPresence";
import { DeleteRecordButton } from "../undo/DeleteRecordButton";
import { RecordMissing } from "./RecordMissing";
import { RelatedList } from "./RelatedList";

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
  // A failed read is said once, on the page (no notice besides it).
  const { query, showId } = useShow<BaseRecord, HttpError>({
    resource: def.name,
    meta: metaFor(def),
    errorNotification: false,
  });
  const others = useRecordPresence(def.name, showId, "viewing", def.table);
  const tabs = useShowTabs(def.name, showId);
  const t = useTranslate();
  // Labels in the operator's language for what this screen shows; features get `def` itself.
  const shown = useLocalizedDefinition(def);
  const record = query.data?.data;
  const screens = def.screens ?? {};
  const recordTitle = record ? String(record[def.titleField] ?? "") : undefined;
  const title = record ? `${shown.label.singular.replace(/^./, (c) => c.toUpperCase())} ${recordTitle}` : undefined;
  useTabTitle(
    recordTitle,
    shown.label.plural.replace(/^./, (c) => c.toUpperCase()),
  );

  if (query.error?.statusCode === 404) return <RecordMissing definition={shown} message={query.error.message} />;

  return (
    <Show
      title={title}
      goBack={BACK_ICON}
      isLoading={query.isLoading}
      canEdit={screens.edit !== false}
      canDelete={false}
      headerButtons={({ defaultButtons }) => (
        <>
          <RecordPresence others={others} />
          {record && headerExtra?.(record)}
          {defaultButtons}
          <DeleteRecordButton definition={def} record={record} />
        </>
      )}
    >
      {query.isError && <Alert type="error" showIcon message={localizeMessage(query.error?.message ?? "", t)} />}
      <DefinitionNotices definition={def} />
      {record && tabs.bar}
      {record && tabs.showing === "history" && tabs.history}
      {record && tabs.showing === "details" && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          {(shown.show?.sections ?? defaultSections(shown)).map((section) => (
            <Descriptions key={section.title} title={section.title} bordered column={{ xs: 1, md: 2 }} size="small">
              {fieldsByName(shown, section.fields).map((field) => (
                <Descriptions.Item key={field.name} label={field.label}>
                  {field.type === "image" ? (
                    <ImageManager definition={def} field={field} record={record} />
                  ) : (
                    renderField(field, record)
                  )}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ))}
          {children
            ? children(record)
            : shown.related?.map((related) => {
                const relatedDef = findResource(related.resource);
                return relatedDef ? (
                  <RelatedList
                    key={related.resource}
                    related={related}
                    definition={relatedDef}
                    parentId={record[idColumnOf(def)]}
                  />
                ) : (
                  <Card key={related.resource}>
                    {t("show.noDefinition", { resource: related.resource }, "No definition for {{resource}}")}
                  </Card>
                );
              })}
          {def.documents && <RecordDocuments definition={def} record={record} />}
        </Space>
      )}
    </Show>
  );
}
