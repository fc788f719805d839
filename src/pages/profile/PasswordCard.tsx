// Password change: current password, new password twice (the policy's minimum length).
import { useGetIdentity, useNotification, useTranslate } from "@refinedev/core";
import { Button, Card, Form, Input } from "antd";
import { useState } from "react";
import { localizeMessage } from "../../i18n/messages";
import { authBackend } from "../../providers/authBackend";
import { WRONG_CURRENT } from "../../providers/changePassword";
import { MIN_PASSWORD_LENGTH } from "../../providers/passwordPolicy";

interface Values {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

export function PasswordCard() {
  const t = useTranslate();
  const { open } = useNotification();
  const { data: identity } = useGetIdentity<{ email?: string }>();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    if (!identity?.email) return;
    setSaving(true);
    const result = await authBackend.changePassword(identity.email, values.currentPassword, values.newPassword);
    setSaving(false);
    if (!result.ok) {
      const message =
        result.message === WRONG_CURRENT
          ? t("profile.wrongCurrent", WRONG_CURRENT)
          : localizeMessage(result.message, t);
      if (result.field) form.setFields([{ name: result.field, errors: [message] }]);
      else open?.({ type: "error", message });
      return;
    }
    form.resetFields();
    open?.({
      type: "success",
      message: t("profile.passwordChanged", "Password changed"),
      description: t("profile.passwordChangedHint", "Your other sessions were signed out."),
    });
  };

  return (
    <Card title={t("profile.password", "Password")}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="currentPassword"
          label={t("profile.currentPassword", "Current password")}
          rules={[{ required: true, message: t("profile.currentRequired", "Enter your current password.") }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t("profile.newPassword", "New password")}
          rules={[
            { required: true, message: t("profile.newRequired", "Enter a new password.") },
            {
              min: MIN_PASSWORD_LENGTH,
              message: t("profile.minLength", { min: MIN_PASSWORD_LENGTH }, "Use at least {{min}} characters."),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t("profile.repeatPassword", "Repeat the new password")}
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: t("profile.repeatRequired", "Repeat the new password.") },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue("newPassword")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("profile.differ", "The passwords differ."))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("profile.changePassword", "Change password")}
        </Button>
      </Form>
    </Card>
  );
}
