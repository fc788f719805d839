// Request a password-reset e-mail; the link lands on /update-password.
import { useForgotPassword } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { Link } from "react-router";
import { AuthCard } from "../components/AuthCard";

export function ForgotPasswordPage() {
  const { mutate, isPending, data } = useForgotPassword<{ email: string }>();
  return (
    <AuthCard title="Reset your password">
      {data?.success && (
        <Alert
          type="success"
          showIcon
          message="If the address belongs to an account, a reset link is on its way."
          style={{ marginBottom: 16 }}
        />
      )}
      {data?.success === false && (
        <Alert type="error" showIcon message={data.error?.message} style={{ marginBottom: 16 }} />
      )}
      <Form<{ email: string }> layout="vertical" onFinish={(values) => mutate(values)} requiredMark={false}>
        <Form.Item
          name="email"
          label="E-mail"
          rules={[{ required: true, type: "email", message: "Enter your e-mail address." }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Send reset link
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to="/login">Back to sign-in</Link>
      </div>
    </AuthCard>
  );
}
