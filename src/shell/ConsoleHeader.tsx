// The console's top bar: on wide screens the command palette, language, colour theme and the
// account menu; on narrow ones (a phone at 390 px) the menu button, the palette as an icon
// and the account menu holding language and theme, so nothing wraps or leaves the bar.
import { MenuOutlined, MoonOutlined, SearchOutlined, SunOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Button, Layout, Segmented, Select, Space, Typography, theme } from "antd";
import { usePreferences } from "../components/theme/PreferencesProvider";
import { APP_NAME } from "../components/useTabTitle";
import { usePalette } from "../features/palette/PaletteContext";
import { isLocale, LOCALES } from "../i18n";
import { insideHeader } from "./insideHeader";
import { LANGUAGE_NAMES, UserMenu } from "./UserMenu";

export const HEADER_HEIGHT = 64;

interface Props {
  /** Narrow screen: the side menu is a drawer this header opens. */
  narrow: boolean;
  onOpenMenu: () => void;
}

function Preferences() {
  const t = useTranslate();
  const { theme: current, setTheme, locale, setLocale } = usePreferences();
  return (
    <>
      <Select
        aria-label={t("shell.language", "Language")}
        value={locale}
        onChange={(value) => isLocale(value) && setLocale(value)}
        options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        style={{ width: 110 }}
        getPopupContainer={insideHeader}
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
    </>
  );
}

export function ConsoleHeader({ narrow, onOpenMenu }: Props) {
  const t = useTranslate();
  const { token } = theme.useToken();
  const palette = usePalette();
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
  const search = t("shell.palette.open", "Search or jump to…");

  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: "flex",
        alignItems: "center",
        gap: 12,
        padding: narrow ? "0 12px" : "0 24px",
        height: HEADER_HEIGHT,
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      {narrow && (
        <Button
          icon={<MenuOutlined />}
          onClick={onOpenMenu}
          aria-label={t("shell.menu", "Menu")}
          aria-haspopup="dialog"
        />
      )}
      {narrow && <Typography.Text strong>{APP_NAME}</Typography.Text>}
      <span style={{ flex: 1 }} />
      <Space size="middle">
        <Button
          icon={<SearchOutlined />}
          onClick={palette.open}
          aria-label={narrow ? search : undefined}
          aria-keyshortcuts={isMac ? "Meta+K" : "Control+K"}
        >
          {narrow ? null : (
            <>
              {search}{" "}
              <Typography.Text type="secondary" keyboard>
                {isMac ? "⌘K" : "Ctrl K"}
              </Typography.Text>
            </>
          )}
        </Button>
        {!narrow && <Preferences />}
        <UserMenu withPreferences={narrow} />
      </Space>
    </Layout.Header>
  );
}
