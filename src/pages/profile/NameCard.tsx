// The operator's own name (rpc set_my_name: only their own staff row, only the name).
import { useGetIdentity, useNotification, useTranslate } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Input } from "antd";
import { useEffect, useState } from "react";
import { queryClient, supabase } from "../../providers";
import { MESSAGES } from "../../providers/messages";
import { ROLE_LABELS, type StaffRole } from "../../resources/roles";

interface Identity {
  id: string;
  email?: string;
  name?: string;
  role?: string;
}

const MAX_NAME = 120;

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
    const { error } = await supabase.rpc("set_my_name", { full_name: fullName });
    setSaving(false);
    if (error) {
      const message = error.code === "23514" ? nameRule : error.code === "42501" ? MESSAGES.forbidden : error.message;
      form.setFields([{ name: "fullName", errors: [message] }]);
      return;
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
            ? t(`staff.role.${identity.role}`, ROLE_LABELS[identity.role as StaffRole] ?? identity.role)
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
