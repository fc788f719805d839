// /profile: the operator's authenticator app (TOTP). Set up by scanning a QR code (or
// typing its key) and confirming one code; from then on every sign-in asks for a code
// and the database serves this account only to sessions that gave one (app.mfa_ok). A set-up
// can be given up (Cancel): the half-made app is removed and the card is as before.
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useAttempt } from "../../components/useAttempt";
import { localizeMessage } from "../../i18n/messages";
import { authBackend } from "../../providers/authBackend";
import type { TotpSetup } from "../../providers/mfa";
import { CODE_RULE } from "../auth/SecondFactorStep";

export function MfaCard() {
  const t = useTranslate();
  const [appId, setAppId] = useState<string | null>();
  const [setup, setSetup] = useState<TotpSetup>();
  const { error, setError, busy, attempt } = useAttempt();

  const load = useCallback(
    () => attempt(async () => setAppId((await authBackend.mfa.verifiedApp()) ?? null)),
    [attempt],
  );
  useEffect(() => {
    load();
  }, [load]);

  const begin = () =>
    attempt(async () => setSetup(await authBackend.mfa.startSetup(t("profile.mfa.appName", "Authenticator app"))));
  const finish = ({ code }: { code: string }) =>
    attempt(async () => {
      if (!setup) return;
      await authBackend.mfa.confirmCode(setup.factorId, code);
      setSetup(undefined);
      setAppId(setup.factorId);
    });
  // Back at once; the half-made app goes in the background (a failure there is harmless: the
  // next set-up drops every unconfirmed app first).
  const cancel = () => {
    if (setup) void authBackend.mfa.removeApp(setup.factorId).catch(() => undefined);
    setSetup(undefined);
    setError(undefined);
  };
  const remove = () =>
    attempt(async () => {
      if (appId) await authBackend.mfa.removeApp(appId);
      setAppId(null);
    });

  return (
    <Card title={t("profile.mfa.title", "Two-factor sign-in")}>
      {appId ? (
        <>
          <Typography.Paragraph>
            {t("profile.mfa.on", "On: every sign-in asks for a code from your authenticator app.")}
          </Typography.Paragraph>
          <Popconfirm
            title={t("profile.mfa.removeConfirm", "Remove the authenticator app?")}
            okText={t("profile.mfa.remove", "Remove app")}
            cancelText={t("profile.cancel", "Cancel")}
            onConfirm={remove}
          >
            <Button danger loading={busy}>
              {t("profile.mfa.remove", "Remove app")}
            </Button>
          </Popconfirm>
        </>
      ) : setup ? (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph>
            {t("profile.mfa.scan", "Scan this code with your authenticator app, then enter the code it shows.")}
          </Typography.Paragraph>
          <img src={setup.qrImage} alt={t("profile.mfa.qr", "QR code for your authenticator app")} width={180} />
          <Typography.Text>
            {t("profile.mfa.key", "Or enter this key:")}{" "}
            <Typography.Text code copyable data-testid="mfa-secret">
              {setup.secret}
            </Typography.Text>
          </Typography.Text>
          <Form<{ code: string }> layout="vertical" onFinish={finish} requiredMark={false}>
            <Form.Item
              name="code"
              label={t("profile.mfa.code", "Code from the app")}
              rules={[
                { required: true, pattern: CODE_RULE, message: t("profile.mfa.codeRule", "Enter the six digits.") },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t("profile.mfa.confirm", "Turn on")}
              </Button>
              <Button onClick={cancel}>{t("profile.cancel", "Cancel")}</Button>
            </Space>
          </Form>
        </Space>
      ) : (
        <>
          <Typography.Paragraph>
            {t("profile.mfa.off", "Off: a password alone signs you in. Add an authenticator app for a second factor.")}
          </Typography.Paragraph>
          <Button onClick={begin} loading={busy} disabled={appId === undefined}>
            {t("profile.mfa.setUp", "Set up authenticator app")}
          </Button>
        </>
      )}
      {error && (
        <Alert type="error" showIcon message={localizeMessage(error, t)} role="alert" style={{ marginTop: 16 }} />
      )}
    </Card>
  );
}
