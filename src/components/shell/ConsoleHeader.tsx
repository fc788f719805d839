// The console's top bar: command palette, language, dark mode and who is signed in.
import { MoonOutlined, SearchOutlined, SunOutlined } from "@ant-design/icons";
import { useGetIdentity, useTranslate } from "@refinedev/core";
import { Button, Layout, Segmented, Select, Space, Typography, theme } from "antd";
import { isLocale, LOCALES } from "../../i18n";
import { usePalette } from "../palette/PaletteContext";
import { usePreferences } from "../theme/PreferencesProvider";

const LANGUAGE_NAMES = { en: "English", de: "Deutsch" };

export function ConsoleHeader() {
  const t = useTranslate();
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<{ name?: string }>();
  const { theme: current, setTheme, locale, setLocale } = usePreferences();
  const palette = usePalette();
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        padding: "0 24px",
        height: 64,
        position: "sticky",
        top: 0,
        zIndex: 2,
      }}
    >
      <Space size="middle" wrap>
        <Button icon={<SearchOutlined />} onClick={palette.open} aria-keyshortcuts={isMac ? "Meta+K" : "Control+K"}>
          {t("shell.palette.open", "Search or jump to…")}{" "}
          <Typography.Text type="secondary" keyboard>
            {isMac ? "⌘K" : "Ctrl K"}
          </Typography.Text>
        </Button>
        <Select
          aria-label={t("shell.language", "Language")}
          value={locale}
          onChange={(value) => isLocale(value) && setLocale(value)}
          options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          style={{ width: 110 }}
        />
        <Segmented<"light" | "dark">
          aria-label={t("shell.theme", "Colour theme")}
          value={current}
          onChange={setTheme}
          options={[
            {
              value: "light",
              icon: <SunOutlined />,
              title: t("shell.theme.light", "Light"),
              label: <span className="sr-only">{t("shell.theme.light", "Light")}</span>,
            },
            {
              value: "dark",
              icon: <MoonOutlined />,
              title: t("shell.theme.dark", "Dark"),
              label: <span className="sr-only">{t("shell.theme.dark", "Dark")}</span>,
            },
          ]}
        />
        {user?.name && <Typography.Text strong>{user.name}</Typography.Text>}
      </Space>
    </Layout.Header>
  );
}
