// The console on a project without Opsdesk (docs/any-project.md, "The console"): no table is
// read and nothing else is shown, only what to run to install it, and a way to sign out (a
// hosted console then offers another project on its sign-in page). Shown at every address.
import { useTranslate } from "@refinedev/core";
import { Button, Result, Typography } from "antd";
import { useTabTitle } from "../../components/useTabTitle";
import { useSignOut } from "../../shell/useSignOut";

/** The command that installs Opsdesk into a project folder (docs/any-project.md, "Install"). */
export const INSTALL_COMMAND = "npm run opsdesk -- init";

export function NotInstalledPage() {
  const t = useTranslate();
  const signOut = useSignOut();
  const title = t("notInstalled.title", "Opsdesk is not installed on this project");
  useTabTitle(title);
  return (
    <Result
      status="info"
      title={title}
      subTitle={
        <>
          <Typography.Paragraph>
            {t(
              "notInstalled.how",
              "Install it into the project's folder, apply the migration it writes, make a first admin, and sign in again:",
            )}
          </Typography.Paragraph>
          <Typography.Text code copyable data-testid="install-command">
            {INSTALL_COMMAND}
          </Typography.Text>
        </>
      }
      extra={
        <Button type="primary" onClick={signOut}>
          {t("notInstalled.signOut", "Sign out")}
        </Button>
      }
    />
  );
}
