// A key to auth.users shown as the user's e-mail (providers/userEmails.ts), the id itself while
// it is asked and when the operator may not see the e-mail.
import { Typography } from "antd";
import { useSyncExternalStore } from "react";
import { backend } from "../../providers/backend";

export function AuthUserEmail({ id }: { id: string }) {
  const emails = backend.userEmails();
  const email = useSyncExternalStore(
    (listener) => emails.watch(id, listener),
    () => emails.get(id),
  );
  return email ? <span title={id}>{email}</span> : <Typography.Text code>{id}</Typography.Text>;
}
