// Making someone an operator by e-mail: the project's opsdesk-admin function makes a new account
// and mails its invitation (the link lands on this console's /update-password), or makes an
// existing account an operator at once; refusals in the operator's words (operatorAdmin.ts).
import { useNotification, useTranslate } from "@refinedev/core";
import { Alert, Form, Input, Modal, Select } from "antd";
import { useAttempt } from "../../components/useAttempt";
import { localizeMessage } from "../../i18n/messages";
import { backend } from "../../providers/backend";
import type { RoleRow } from "../../providers/operatorAdmin";
import { roleLabel } from "./roleLabel";

interface Values {
  email: string;
  full_name?: string;
  role: string;
}

interface Props {
  roles: RoleRow[];
  onClose: () => void;
  onInvited: () => void;
}

export function InviteOperatorModal({ roles, onClose, onInvited }: Props) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<Values>();
  const { error: problem, busy: sending, attempt } = useAttempt();

  const invite = async (values: Values) => {
    let invited = false;
    const done = await attempt(async () => {
      const outcome = await backend.operatorAdmin.invite({
        ...values,
        redirect_to: new URL("/update-password", window.location.origin).href,
      });
      invited = outcome.invited;
    });
    if (!done) return;
    notify?.({
      type: "success",
      message: invited
        ? t("operators.invited", { email: values.email }, "Invitation sent to {{email}}")
        : t("operators.added", { email: values.email }, "{{email}} is an operator now."),
    });
    onInvited();
    onClose();
  };

  return (
    <Modal
      open
      title={t("operators.inviteTitle", "Add an operator")}
      okText={t("operators.sendInvite", "Invite")}
      cancelText={t("buttons.cancel", "Cancel")}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {problem && <Alert type="error" showIcon message={localizeMessage(problem, t)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={invite} initialValues={{ role: "viewer" }} requiredMark={false}>
        <Form.Item
          name="email"
          label={t("staff.email", "E-mail")}
          extra={t(
            "operators.inviteHint",
            "Someone without an account gets an e-mail to choose a password; an existing account becomes an operator at once.",
          )}
          rules={[
            { required: true, type: "email", max: 254, message: t("staff.emailRule", "Enter a valid e-mail address.") },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="full_name"
          label={t("operators.fullNameOptional", "Full name (optional)")}
          rules={[{ whitespace: true, max: 120, message: t("staff.nameRule", "Full name must be 1–120 characters.") }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t("staff.role", "Role")}>
          <Select options={roles.map((role) => ({ value: role.name, label: roleLabel(t, role.name) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
