// The centred card the sign-in and password screens share. Plain elements on antd tokens
// rather than antd's Card and Typography, which pull tabs, menus and tooltips into the
// sign-in route's bundle.
import { theme } from "antd";
import type { ReactNode } from "react";
import { useTabTitle } from "./useTabTitle";

interface Props {
  /** The screen's short name for the browser tab ("Sign in · Opsdesk"). */
  tab: string;
  title: string;
  children: ReactNode;
}

export function AuthCard({ tab, title, children }: Props) {
  const { token } = theme.useToken();
  useTabTitle(tab);
  return (
    <main
      style={{
        minHeight: "100vh",
        display: "flex",
        justifyContent: "center",
        alignItems: "center",
        padding: 16,
        background: token.colorBgLayout,
      }}
    >
      <section
        aria-labelledby="auth-card-title"
        style={{
          width: "100%",
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
        }}
      >
        <p
          style={{
            margin: "0 0 8px",
            fontSize: token.fontSizeHeading3,
            fontWeight: 600,
            color: token.colorTextHeading,
          }}
        >
          Opsdesk
        </p>
        <h1 id="auth-card-title" style={{ margin: "0 0 16px", fontSize: token.fontSizeHeading5, fontWeight: 400 }}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
