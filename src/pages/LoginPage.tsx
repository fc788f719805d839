// Sign-in: e-mail and password, SPEC §8 messages inline, back to the page that sent us here.
import { useLogin } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "../components/AuthCard";
import { takeLoginNotice } from "../providers/session";

interface Credentials {
  email: string;
  password: string;
}

export function LoginPage() {
  const [notice] = useState(takeLoginNotice);
  const { mutate: login, isPending, data } = useLogin<Credentials>();
  const error = data?.success === false ? data.error?.message : undefined;

  return (
    <AuthCard title="Sign in to your account">
      {notice && !data && <Alert type="warning" showIcon message={notice} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Credentials> layout="vertical" onFinish={(values) => login(values)} requiredMark={false}>
        <Form.Item
          name="email"
          label="E-mail"
          rules={[{ required: true, type: "email", message: "Enter your e-mail address." }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true, message: "Enter your password." }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Sign in
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to="/forgot-password">Forgot your password?</Link>
      </div>
    </AuthCard>
  );
}
