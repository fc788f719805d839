// The operator's own name (set_my_name, the demo's or Opsdesk's: only their own row, only the name).
import { type HttpError, useGetIdentity, useNotification, useTranslate } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Input } from "antd";
import { useEffect, useState } from "react";
import { backend } from "../../providers/backend";
import { queryClient } from "../../providers/queryClient";
import { findResource } from "../../resources";
import { type BuiltinRole, ROLE_LABELS } from "../../resources/roles";

interface Identity {
  id: string;
  email?: string;
  name?: string;
  role?: string;
}

const MAX_NAME = 120;
/** set_my_name updates the caller's staff row: its refusals are worded as a staff update's. */
const STAFF_UPDATE = { resource: "staff", operation: "update", describe: findResource } as const;

export function NameCard() {
  const t = useTranslate();
  const { open } = useNotification();
  const { data: identity } = useGetIdentity<Identity>();
  const [form] = Form.useForm<{ fullName: string }>();
  const [saving, setSaving] = useState(false);
  const nameRule = t("profile.nameRule", { max: MAX_NAME }, "Full name must be 1–{{max}} characters.");

  useEffect(() => {
    if (identity?.name) form.setFieldsValue({ fullName: identity.name });
  }, [identity?.name, form]);

  const save = async ({ fullName }: { fullName: string }) => {
    setSaving(true);
    try {
      await backend.setMyName(fullName, STAFF_UPDATE);
    } catch (error) {
      // The one rule it can break is the name's length, worded here with its limit.
      const { statusCode, message } = error as HttpError;
      form.setFields([{ name: "fullName", errors: [statusCode === 400 ? nameRule : message] }]);
      return;
    } finally {
      setSaving(false);
    }
    await queryClient.invalidateQueries({ queryKey: ["auth", "identity"] });
    open?.({ type: "success", message: t("profile.nameSaved", "Your name is saved.") });
  };

  return (
    <Card title={t("profile.you", "You")}>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("profile.email", "E-mail")}>{identity?.email}</Descriptions.Item>
        <Descriptions.Item label={t("profile.role", "Role")}>
          {identity?.role
            ? t(`staff.role.${identity.role}`, ROLE_LABELS[identity.role as BuiltinRole] ?? identity.role)
            : ""}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
        <Form.Item
          name="fullName"
          label={t("profile.fullName", "Full name")}
          rules={[
            { required: true, whitespace: true, message: nameRule },
            { max: MAX_NAME, message: nameRule },
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("profile.saveName", "Save name")}
        </Button>
      </Form>
    </Card>
  );
}
