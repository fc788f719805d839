// A staff row's actions on /staff: an invitation not followed yet can be sent again (invite
// right) or revoked (delete right); a member can be deactivated or reactivated (edit right),
// never by themselves. Each goes through the staff-admin function (`run`, useStaffCommands.ts).
import { useTranslate } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import type { StaffCommand, StaffRow } from "./staffAdmin";

interface Props {
  row: StaffRow;
  /** Invited and not joined yet. */
  invited: boolean;
  may: { invite: boolean; edit: boolean; revoke: boolean };
  /** The row is the operator's own. */
  self: boolean;
  busy: boolean;
  run: (command: StaffCommand, success: string) => void;
}

export function StaffRowActions({ row, invited, may, self, busy, run }: Props) {
  const t = useTranslate();
  return invited ? (
    <Space wrap>
      {may.invite && (
        <Button
          size="small"
          loading={busy}
          onClick={() =>
            run(
              { action: "resend_invite", user_id: row.user_id },
              t("staff.inviteResent", { email: row.email }, "Invitation sent to {{email}} again"),
            )
          }
        >
          {t("staff.resendInvite", "Resend invitation")}
        </Button>
      )}
      {may.revoke && (
        <Popconfirm
          title={t("staff.revokeConfirm", { name: row.full_name }, "Revoke the invitation of {{name}}?")}
          description={t("staff.revokeHint", "Their link stops working and their account is removed.")}
          okText={t("staff.revoke", "Revoke invitation")}
          okButtonProps={{ danger: true }}
          cancelText={t("staff.cancel", "Cancel")}
          onConfirm={() =>
            run(
              { action: "revoke_invite", user_id: row.user_id },
              t("staff.revoked", { name: row.full_name }, "The invitation of {{name}} is revoked."),
            )
          }
        >
          <Button danger size="small" loading={busy}>
            {t("staff.revoke", "Revoke invitation")}
          </Button>
        </Popconfirm>
      )}
    </Space>
  ) : !may.edit || self ? null : row.active ? (
    <Popconfirm
      title={t("staff.deactivateConfirm", { name: row.full_name }, "Deactivate {{name}}?")}
      description={t("staff.deactivateHint", "They are signed out everywhere at once.")}
      okText={t("staff.deactivate", "Deactivate")}
      cancelText={t("staff.cancel", "Cancel")}
      onConfirm={() =>
        run(
          { action: "deactivate", user_id: row.user_id },
          t("staff.deactivated", { name: row.full_name }, "{{name}} is deactivated."),
        )
      }
    >
      <Button danger size="small" loading={busy}>
        {t("staff.deactivate", "Deactivate")}
      </Button>
    </Popconfirm>
  ) : (
    <Button
      size="small"
      loading={busy}
      onClick={() =>
        run(
          { action: "reactivate", user_id: row.user_id },
          t("staff.reactivated", { name: row.full_name }, "{{name}} is active again."),
        )
      }
    >
      {t("staff.reactivate", "Reactivate")}
    </Button>
  );
}
