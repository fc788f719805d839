// Sign-in: e-mail and password (then the authenticator app's code, when the account has
// one), docs/product.md §8 messages inline, back to the page that sent us here.
// Runs without Refine (see main.tsx); the console loads while the sign-in is checked.
import { Alert, Button, Form, Input } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../components/AuthCard";
import { BackToTarget, safeTarget } from "../../components/BackToTarget";
import { useText } from "../../components/theme/useText";
import { preloadConsole } from "../../consoleLoader";
import { localizeMessage } from "../../i18n/messages";
import { authBackend } from "../../providers/authBackend";
import { takeLoginNotice } from "../../providers/session";
import { HAS_PROJECT, PROJECT_CHOSEN_AT_SIGN_IN } from "../../providers/supabaseConfig";
import { SecondFactorStep } from "./SecondFactorStep";
import { useAuthAction } from "./useAuthAction";

// Only a console built without a project (hosted use) asks for one: its Select and forms are a
// chunk of their own, kept off the sign-in route of a console built for one project.
const ProjectChooser = lazy(() => import("./ProjectChooser").then((m) => ({ default: m.ProjectChooser })));

interface Credentials {
  email: string;
  password: string;
}

const signInWith = (credentials: Credentials) => authBackend.signIn(credentials);

export function LoginPage() {
  const t = useText();
  const [params] = useSearchParams();
  const [signedIn, setSignedIn] = useState(false);
  const [notice] = useState(takeLoginNotice);
  const { run, pending, outcome, error } = useAuthAction(signInWith);
  const localized = (text: string) => localizeMessage(text, t);

  // Already signed in (another tab, or back to /login): straight on to the target.
  useEffect(() => {
    let current = true;
    authBackend.hasSession().then((found) => current && found && setSignedIn(true));
    return () => {
      current = false;
    };
  }, []);

  const submit = async (values: Credentials) => {
    void preloadConsole(safeTarget(params.get("to")));
    if ((await run(values)).ok) setSignedIn(true);
  };

  if (signedIn) return <BackToTarget />;
  if (outcome?.ok === false && outcome.secondFactor) {
    return (
      <AuthCard tab={t("auth.mfa.tab", "Two-factor sign-in")} title={t("auth.mfa.title", "Two-factor sign-in")}>
        <SecondFactorStep onSignedIn={() => setSignedIn(true)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard tab={t("auth.login.tab", "Sign in")} title={t("auth.login.title", "Sign in to your account")}>
      {/* A console built without a project asks for one first (hosted use). */}
      {PROJECT_CHOSEN_AT_SIGN_IN && (
        <Suspense fallback={null}>
          <ProjectChooser />
        </Suspense>
      )}
      {HAS_PROJECT && notice && !outcome && (
        <Alert type="warning" showIcon message={localized(notice)} style={{ marginBottom: 16 }} />
      )}
      {error && <Alert type="error" showIcon message={localized(error)} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Credentials> layout="vertical" onFinish={submit} requiredMark={false} hidden={!HAS_PROJECT}>
        <Form.Item
          name="email"
          label={t("auth.email", "E-mail")}
          rules={[{ required: true, type: "email", message: t("auth.email.required", "Enter your e-mail address.") }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t("auth.password", "Password")}
          rules={[{ required: true, message: t("auth.password.required", "Enter your password.") }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("auth.login.submit", "Sign in")}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }} hidden={!HAS_PROJECT}>
        <Link to="/forgot-password">{t("auth.login.forgot", "Forgot your password?")}</Link>
      </div>
    </AuthCard>
  );
}
