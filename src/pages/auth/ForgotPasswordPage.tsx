// Request a password-reset e-mail; the link lands on /update-password.
import { Alert, Button, Form, Input } from "antd";
import { Link } from "react-router";
import { AuthCard } from "../../components/AuthCard";
import { useText } from "../../components/theme/useText";
import { localizeMessage } from "../../i18n/messages";
import { authBackend } from "../../providers/authBackend";
import { useAuthAction } from "./useAuthAction";

const requestReset = ({ email }: { email: string }) => authBackend.requestPasswordReset(email);

export function ForgotPasswordPage() {
  const t = useText();
  const { run, pending, outcome, error } = useAuthAction(requestReset);
  return (
    <AuthCard tab={t("auth.forgot.tab", "Reset password")} title={t("auth.forgot.title", "Reset your password")}>
      {outcome?.ok && (
        <Alert
          type="success"
          showIcon
          message={t("auth.forgot.sent", "If the address belongs to an account, a reset link is on its way.")}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && <Alert type="error" showIcon message={localizeMessage(error, t)} style={{ marginBottom: 16 }} />}
      <Form<{ email: string }> layout="vertical" onFinish={run} requiredMark={false}>
        <Form.Item
          name="email"
          label={t("auth.email", "E-mail")}
          rules={[{ required: true, type: "email", message: t("auth.email.required", "Enter your e-mail address.") }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("auth.forgot.submit", "Send reset link")}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to="/login">{t("auth.backToLogin", "Back to sign-in")}</Link>
      </div>
    </AuthCard>
  );
}
