// Set a new password with the recovery or invite session the e-mail link opened.
import { useUpdatePassword } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { AuthCard } from "../components/AuthCard";

const MIN_PASSWORD = 10;

interface Values {
  password: string;
  confirmPassword: string;
}

export function UpdatePasswordPage() {
  const { mutate, isPending, data } = useUpdatePassword<Values>();
  return (
    <AuthCard title="Choose a new password">
      {data?.success === false && (
        <Alert type="error" showIcon message={data.error?.message} style={{ marginBottom: 16 }} />
      )}
      <Form<Values> layout="vertical" onFinish={(values) => mutate(values)} requiredMark={false}>
        <Form.Item
          name="password"
          label="New password"
          rules={[
            { required: true, message: "Enter a new password." },
            { min: MIN_PASSWORD, message: `Use at least ${MIN_PASSWORD} characters.` },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Repeat the password"
          dependencies={["password"]}
          rules={[
            { required: true, message: "Repeat the password." },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue("password")
                  ? Promise.resolve()
                  : Promise.reject(new Error("The passwords differ.")),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Set password
        </Button>
      </Form>
    </AuthCard>
  );
}
