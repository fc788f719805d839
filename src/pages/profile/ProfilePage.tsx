// /profile (docs/product.md §2, every staff role): own name, password change, authenticator app,
// sign out everywhere.
import { useLogout, useTranslate } from "@refinedev/core";
import { Button, Card, Col, Popconfirm, Row, Typography } from "antd";
import { useTabTitle } from "../../components/useTabTitle";
import { MfaCard } from "./MfaCard";
import { NameCard } from "./NameCard";
import { PasswordCard } from "./PasswordCard";

export function ProfilePage() {
  const t = useTranslate();
  const { mutate: logout, isPending } = useLogout<{ scope: "global" }>();
  const title = t("profile.title", "Profile");
  useTabTitle(title);
  return (
    <div style={{ padding: 8 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <NameCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
        <Col xs={24} lg={12}>
          <MfaCard />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t("profile.sessions", "Sessions")}>
            <Typography.Paragraph>
              {t(
                "profile.signOutHere",
                "“Sign out” in the menu ends the session in this browser only; other browsers and devices stay signed in.",
              )}
            </Typography.Paragraph>
            <Typography.Paragraph>
              {t("profile.everywhereHint", "Signs this account out in every browser and device, this one included.")}
            </Typography.Paragraph>
            <Popconfirm
              title={t("profile.everywhereConfirm", "Sign out everywhere?")}
              okText={t("profile.everywhere", "Sign out everywhere")}
              cancelText={t("profile.cancel", "Cancel")}
              onConfirm={() => logout({ scope: "global" })}
            >
              <Button danger loading={isPending}>
                {t("profile.everywhere", "Sign out everywhere")}
              </Button>
            </Popconfirm>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
