// Sign-in, second step: the account has an authenticator app, so its six-digit code
// turns the password session into an aal2 one before the operator gate runs (or, for a
// password reset, before Auth accepts the new password: `finish`).
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useText } from "../../components/theme/useText";
import { localizeMessage } from "../../i18n/messages";
import { authBackend } from "../../providers/authBackend";
import type { AuthOutcome } from "../../providers/signIn";

export const CODE_RULE = /^\d{6}$/;

interface Props {
  onSignedIn: () => void;
  /** What the aal2 session does next; the sign-in's last steps by default. */
  finish?: () => Promise<AuthOutcome>;
}

export function SecondFactorStep({ onSignedIn, finish = authBackend.finishSignIn }: Props) {
  const t = useText();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async ({ code }: { code: string }) => {
    setPending(true);
    setError(undefined);
    try {
      const factorId = await authBackend.mfa.verifiedApp();
      if (!factorId) {
        setError(t("auth.mfa.noApp", "No authenticator app is set up for this account."));
        return;
      }
      await authBackend.mfa.confirmCode(factorId, code);
      const outcome = await finish();
      if (outcome.ok) onSignedIn();
      else setError(outcome.message);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {error && (
        <Alert type="error" showIcon message={localizeMessage(error, t)} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<{ code: string }> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="code"
          label={t("auth.mfa.code", "Code from your authenticator app")}
          rules={[{ required: true, pattern: CODE_RULE, message: t("auth.mfa.codeRule", "Enter the six digits.") }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("auth.mfa.submit", "Verify")}
        </Button>
      </Form>
    </>
  );
}
