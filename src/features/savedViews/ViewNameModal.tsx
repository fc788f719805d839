// Asks for a view's name (save as…, rename), optionally whether it is the default.
import { useTranslate } from "@refinedev/core";
import { Alert, Checkbox, Form, Input, Modal } from "antd";
import { useId, useState } from "react";
import { useAttempt } from "../../components/useAttempt";

interface Props {
  title: string;
  initialName?: string;
  askDefault: boolean;
  onSubmit: (name: string, isDefault: boolean) => Promise<unknown>;
  onClose: () => void;
}

export function ViewNameModal({ title, initialName = "", askDefault, onSubmit, onClose }: Props) {
  const t = useTranslate();
  const [name, setName] = useState(initialName);
  const [isDefault, setIsDefault] = useState(false);
  const { error, busy: saving, attempt } = useAttempt();
  const inputId = useId();
  const valid = name.trim().length >= 1 && name.length <= 60;

  const submit = async () => {
    if (!valid) return;
    if (await attempt(() => onSubmit(name.trim(), isDefault))) onClose();
  };

  return (
    <Modal
      open
      title={title}
      okText={t("savedViews.save", "Save")}
      cancelText={t("savedViews.cancel", "Cancel")}
      okButtonProps={{ disabled: !valid, loading: saving }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t("savedViews.name", "View name")}
          htmlFor={inputId}
          validateStatus={name.length > 60 ? "error" : undefined}
          help={name.length > 60 ? t("savedViews.nameRule", "Name must be 1–60 characters.") : undefined}
        >
          <Input id={inputId} autoFocus value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        {askDefault && (
          <Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)}>
            {t("savedViews.useAsDefault", "Open this list with this view")}
          </Checkbox>
        )}
        {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginTop: 12 }} />}
      </Form>
    </Modal>
  );
}
