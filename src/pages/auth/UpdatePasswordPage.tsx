// Set a new password with the recovery or invite session the e-mail link opened; an
// account with an authenticator app gives its code first (Auth wants an aal2 session). The
// link is checked as the page opens: a used or expired one (Auth sends the browser back with
// `error_code` in the address and no session) says so at once and offers a new link, before
// the operator types a password twice for nothing.
import { Alert, Button, Form, Input, Spin } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../../components/AuthCard";
import { useText } from "../../components/theme/useText";
import { preloadConsole } from "../../consoleLoader";
import { localizeMessage } from "../../i18n/messages";
import { authBackend } from "../../providers/authBackend";
import { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from "../../providers/passwordPolicy";
import { LINK_EXPIRED } from "../../providers/signIn";
import { leaveConsoleNotice } from "../../shell/consoleNotice";
import { SecondFactorStep } from "./SecondFactorStep";
import { useAuthAction } from "./useAuthAction";

interface Values {
  password: string;
  confirmPassword: string;
}

const setPassword = ({ password }: Values) => authBackend.setNewPassword(password);

/** Whether the address carries Auth's refusal of the link (GoTrue's `#error_code=otp_expired…`). */
const linkRefused = () => /(?:^|[#&?])error_code=/.test(window.location.hash + window.location.search);

/** "checking" until the auth client has read the link; "ready" with a session to set the password of. */
function useLinkState(): "checking" | "ready" | "expired" {
  const [state, setState] = useState<"checking" | "ready" | "expired">(() => (linkRefused() ? "expired" : "checking"));
  useEffect(() => {
    if (state !== "checking") return;
    let live = true;
    void authBackend.hasSession().then(
      (session) => live && setState(session ? "ready" : "expired"),
      () => live && setState("expired"),
    );
    return () => {
      live = false;
    };
  }, [state]);
  return state;
}

export function UpdatePasswordPage() {
  const t = useText();
  const navigate = useNavigate();
  const link = useLinkState();
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

  const title = t("auth.update.title", "Choose a new password");
  const tab = t("auth.update.tab", "New password");
  if (link !== "ready")
    return (
      <AuthCard tab={tab} title={title}>
        {link === "checking" ? (
          <Spin tip={t("auth.update.checking", "Checking the link…")}>
            <div style={{ minHeight: 80 }} />
          </Spin>
        ) : (
          <>
            <Alert type="error" showIcon role="alert" message={t("auth.update.expired", LINK_EXPIRED)} />
            <div style={{ marginTop: 16, display: "flex", justifyContent: "space-between", gap: 16 }}>
              <Link to="/forgot-password">{t("auth.update.requestNew", "Request a new link")}</Link>
              <Link to="/login">{t("auth.backToLogin", "Back to sign-in")}</Link>
            </div>
          </>
        )}
      </AuthCard>
    );
  if (chosen && outcome?.ok === false && outcome.secondFactor) {
    return (
      <AuthCard tab={t("auth.mfa.tab", "Two-factor sign-in")} title={t("auth.mfa.title", "Two-factor sign-in")}>
        <SecondFactorStep onSignedIn={done} finish={() => setPassword(chosen)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard tab={tab} title={title}>
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
