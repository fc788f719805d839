// The side menu: Refine's menu tree as antd Menu `items` (its JSX children are deprecated
// and warn on every page), showing only the screens the operator may list, and sign-out.
import { LogoutOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { type TreeMenuItem, useCanWithoutCache, useMenu, useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Menu, type MenuProps } from "antd";
import { cloneElement, isValidElement, type ReactNode } from "react";
import { Link } from "react-router";
import { useSignOut } from "./useSignOut";

/**
 * The names of the menu's resources the operator may list. Under the "access" query key,
 * like Refine's own checks, so a change of the permission matrix refreshes it too.
 */
function useListable(items: TreeMenuItem[]): Set<string> | undefined {
  const { can } = useCanWithoutCache();
  const names = items.map((item) => item.name);
  const { data } = useQuery({
    queryKey: ["access", "menu", names],
    queryFn: async () => {
      const answers = await Promise.all(
        names.map(async (resource) => (can ? (await can({ resource, action: "list" })).can : true)),
      );
      return new Set(names.filter((_, i) => answers[i]));
    },
  });
  return data;
}

/** Icons beside a label add nothing for screen readers ("shopping Products"). */
const decorative = (icon: ReactNode) =>
  isValidElement<{ "aria-hidden"?: boolean }>(icon) ? cloneElement(icon, { "aria-hidden": true }) : icon;

export function ConsoleMenu({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslate();
  const { menuItems, selectedKey } = useMenu();
  const listable = useListable(menuItems);
  const signOut = useSignOut();

  const items: MenuProps["items"] = [
    ...menuItems
      .filter((item) => listable?.has(item.name))
      .map((item) => ({
        key: item.key,
        icon: decorative(item.meta?.icon ?? <UnorderedListOutlined />),
        label: <Link to={item.route ?? "/"}>{item.label ?? item.name}</Link>,
      })),
    ...(listable ? [{ key: "logout", icon: <LogoutOutlined />, label: t("buttons.logout", "Logout") }] : []),
  ];

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      style={{ border: "none", paddingTop: 8 }}
      onClick={({ key }) => {
        if (key === "logout") signOut();
        onNavigate?.();
      }}
    />
  );
}
