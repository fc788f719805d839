// The centred card the sign-in and password screens share.
import { Card, Layout, Typography } from "antd";
import type { ReactNode } from "react";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Layout style={{ minHeight: "100vh", justifyContent: "center", alignItems: "center", padding: 16 }}>
      <Card style={{ width: "100%", maxWidth: 400 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Opsdesk
        </Typography.Title>
        <Typography.Title level={5} style={{ marginTop: 0, fontWeight: 400 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Layout>
  );
}
