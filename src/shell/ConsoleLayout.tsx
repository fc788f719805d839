// The signed-in frame: the side menu (a collapsible sider on wide screens, a drawer opened
// from the header below antd's lg breakpoint), the header, and the screen area with the
// notice that the server does not answer above it.
import { ThemedTitle } from "@refinedev/antd";
import { Drawer, Grid, Layout, theme } from "antd";
import { type ReactNode, useState } from "react";
import { ConnectionBanner } from "../components/connection/ConnectionBanner";
import { RESOURCE_ICONS } from "../components/resourceIcons";
import { ConsoleHeader, HEADER_HEIGHT } from "./ConsoleHeader";
import { ConsoleMenu } from "./ConsoleMenu";

function MenuTitle({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        height: HEADER_HEIGHT,
        display: "flex",
        alignItems: "center",
        justifyContent: collapsed ? "center" : "flex-start",
        padding: collapsed ? 0 : "0 16px",
        backgroundColor: token.colorBgElevated,
      }}
    >
      <ThemedTitle collapsed={collapsed} text="Opsdesk" icon={RESOURCE_ICONS.dashboard} />
    </div>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Before the first measurement antd reports no breakpoint: treat it as wide.
  const narrow = screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const siderStyle = { backgroundColor: token.colorBgContainer, borderRight: `1px solid ${token.colorBgElevated}` };

  return (
    <Layout style={{ minHeight: "100vh" }} hasSider={!narrow}>
      {narrow ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          closable={false}
          width={220}
          styles={{ body: { padding: 0 } }}
        >
          <MenuTitle collapsed={false} />
          <ConsoleMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          theme="light"
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          collapsedWidth={80}
          style={siderStyle}
        >
          <MenuTitle collapsed={collapsed} />
          <ConsoleMenu />
        </Layout.Sider>
      )}
      <Layout>
        <ConsoleHeader narrow={narrow} onOpenMenu={() => setDrawerOpen(true)} />
        <Layout.Content style={{ padding: screens.sm === false ? 12 : 24, minWidth: 0 }}>
          <ConnectionBanner />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
