// Set a new password with the recovery or invite session the e-mail link opened; an
// account with an authenticator app gives its code first (Auth wants an aal2 session).
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { AuthCard } from "../components/AuthCard";
import { leaveConsoleNotice } from "../components/shell/consoleNotice";
import { useText } from "../components/theme/useText";
import { preloadConsole } from "../consoleLoader";
import { localizeMessage } from "../i18n/messages";
import { authBackend } from "../providers/authBackend";
import { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from "../providers/passwordPolicy";
import { LINK_EXPIRED } from "../providers/signIn";
import { SecondFactorStep } from "./auth/SecondFactorStep";
import { useAuthAction } from "./auth/useAuthAction";

interface Values {
  password: string;
  confirmPassword: string;
}

const setPassword = ({ password }: Values) => authBackend.setNewPassword(password);

export function UpdatePasswordPage() {
  const t = useText();
  const navigate = useNavigate();
  const { run, pending, error, outcome } = useAuthAction(setPassword);
  const [chosen, setChosen] = useState<Values>();
  const message = (text: string) =>
    text === LINK_EXPIRED ? t("auth.update.expired", LINK_EXPIRED) : localizeMessage(text, t);

  const done = () => {
    leaveConsoleNotice("passwordChanged");
    navigate("/", { replace: true });
  };
  const submit = async (values: Values) => {
    void preloadConsole("/");
    setChosen(values);
    if ((await run(values)).ok) done();
  };

  if (chosen && outcome?.ok === false && outcome.secondFactor) {
    return (
      <AuthCard tab={t("auth.mfa.tab", "Two-factor sign-in")} title={t("auth.mfa.title", "Two-factor sign-in")}>
        <SecondFactorStep onSignedIn={done} finish={() => setPassword(chosen)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard tab={t("auth.update.tab", "New password")} title={t("auth.update.title", "Choose a new password")}>
      {error && <Alert type="error" showIcon message={message(error)} style={{ marginBottom: 16 }} />}
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="password"
          label={t("auth.update.password", "New password")}
          rules={[
            { required: true, message: t("auth.update.required", "Enter a new password.") },
            {
              min: MIN_PASSWORD,
              message: t("auth.update.min", { min: MIN_PASSWORD }, "Use at least {{min}} characters."),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t("auth.update.repeat", "Repeat the password")}
          dependencies={["password"]}
          rules={[
            { required: true, message: t("auth.update.repeatRequired", "Repeat the password.") },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue("password")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("auth.update.differ", "The passwords differ."))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("auth.update.submit", "Set password")}
        </Button>
      </Form>
    </AuthCard>
  );
}
