// Invite a new operator: staff-admin creates the account and its staff row and mails a
// link that lets them choose a password (it lands on /update-password of this console).
import { useNotification, useTranslate } from "@refinedev/core";
import { Alert, Form, Input, Modal, Select } from "antd";
import { useAttempt } from "../../components/useAttempt";
import { localizeMessage } from "../../i18n/messages";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../resources/roles";
import { runStaffCommand } from "./staffAdmin";

interface Values {
  email: string;
  full_name: string;
  role: StaffRole;
}

interface Props {
  onClose: () => void;
  onInvited: () => void;
}

export function InviteModal({ onClose, onInvited }: Props) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<Values>();
  const { error: problem, busy: sending, attempt } = useAttempt();

  const invite = async (values: Values) => {
    if (!(await attempt(() => runStaffCommand({ action: "invite", ...values })))) return;
    notify?.({
      type: "success",
      message: t("staff.invited", { email: values.email }, "Invitation sent to {{email}}"),
    });
    onInvited();
    onClose();
  };

  return (
    <Modal
      open
      title={t("staff.inviteTitle", "Invite a staff member")}
      okText={t("staff.sendInvite", "Send invitation")}
      cancelText={t("staff.cancel", "Cancel")}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {problem && <Alert type="error" showIcon message={localizeMessage(problem, t)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={invite} initialValues={{ role: "viewer" }} requiredMark={false}>
        <Form.Item
          name="email"
          label={t("staff.email", "E-mail")}
          rules={[{ required: true, type: "email", message: t("staff.emailRule", "Enter a valid e-mail address.") }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="full_name"
          label={t("staff.fullName", "Full name")}
          rules={[
            {
              required: true,
              whitespace: true,
              max: 120,
              message: t("staff.nameRule", "Full name must be 1–120 characters."),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t("staff.role", "Role")}>
          <Select
            options={STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.role.${role}`, ROLE_LABELS[role]) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
