// Who is signed in, as a menu: the profile and sign-out, and on narrow screens the language
// and colour theme that wider headers show beside it.
import { CheckOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useTranslate } from "@refinedev/core";
import { Button, Dropdown, type MenuProps } from "antd";
import { useNavigate } from "react-router";
import { usePreferences } from "../components/theme/PreferencesProvider";
import { LOCALES } from "../i18n";
import { insideHeader } from "./insideHeader";
import { useSignOut } from "./useSignOut";

export const LANGUAGE_NAMES = { en: "English", de: "Deutsch" } as const;

export function UserMenu({ withPreferences }: { withPreferences: boolean }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: user } = useGetIdentity<{ name?: string }>();
  const { theme, setTheme, locale, setLocale } = usePreferences();
  const chosen = (on: boolean) => (on ? <CheckOutlined /> : <span style={{ display: "inline-block", width: 14 }} />);

  const preferences: MenuProps["items"] = withPreferences
    ? [
        {
          key: "language",
          type: "group",
          label: t("shell.language", "Language"),
          children: LOCALES.map((value) => ({
            key: `language:${value}`,
            icon: chosen(value === locale),
            label: LANGUAGE_NAMES[value],
            onClick: () => setLocale(value),
          })),
        },
        {
          key: "theme",
          type: "group",
          label: t("shell.theme", "Colour theme"),
          children: (["light", "dark"] as const).map((value) => ({
            key: `theme:${value}`,
            icon: chosen(value === theme),
            label: value === "light" ? t("shell.theme.light", "Light") : t("shell.theme.dark", "Dark"),
            onClick: () => setTheme(value),
          })),
        },
        { type: "divider" },
      ]
    : [];

  const items: MenuProps["items"] = [
    ...preferences,
    {
      key: "profile",
      icon: <UserOutlined />,
      label: t("shell.user.profile", "Profile"),
      onClick: () => navigate("/profile"),
    },
    { key: "logout", icon: <LogoutOutlined />, label: t("shell.signOut", "Sign out"), onClick: signOut },
  ];

  return (
    <Dropdown menu={{ items }} trigger={["click"]} placement="bottomRight" getPopupContainer={insideHeader}>
      <Button
        type="text"
        icon={<UserOutlined />}
        aria-label={t("shell.user.menu", { name: user?.name ?? "" }, "Account menu {{name}}").trim()}
      >
        {withPreferences ? null : user?.name}
      </Button>
    </Dropdown>
  );
}
