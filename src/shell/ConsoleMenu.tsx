// The side menu: Refine's menu tree as antd Menu `items` (its JSX children are deprecated
// and warn on every page), showing only the screens the operator may list, and sign-out.
import { LogoutOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { type TreeMenuItem, useCanWithoutCache, useMenu, useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Menu, type MenuProps, Skeleton } from "antd";
import { cloneElement, isValidElement, memo, type ReactNode } from "react";
import { Link } from "react-router";
import { useStableCallback } from "../components/useStableCallback";
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

const DEFAULT_ICON = <UnorderedListOutlined />;

/** Icons beside a label add nothing for screen readers ("shopping Products"). */
const decorative = (icon: ReactNode) =>
  isValidElement<{ "aria-hidden"?: boolean }>(icon) ? cloneElement(icon, { "aria-hidden": true }) : icon;

/** One screen in the menu, as plain values: Refine rebuilds its menu tree on every address change. */
interface Entry {
  key: string;
  route: string;
  label: ReactNode;
  icon: ReactNode;
}

interface ViewProps {
  entries: Entry[];
  /** Shown once the permissions are known. */
  logoutLabel?: string;
  selectedKey: string;
  onClick: (key: string) => void;
}

const sameEntries = (a: Entry[], b: Entry[]) =>
  a.length === b.length &&
  a.every(
    (entry, i) =>
      entry.key === b[i].key && entry.route === b[i].route && entry.label === b[i].label && entry.icon === b[i].icon,
  );

/**
 * The antd Menu, rendered again only when its screens or the selection change: a list writing
 * its page into the URL re-rendered the whole menu (~300 components, a tooltip per item) on
 * every page change. `onClick` is stable (below).
 */
const MenuView = memo(
  ({ entries, logoutLabel, selectedKey, onClick }: ViewProps) => {
    const items: MenuProps["items"] = [
      ...entries.map((entry) => ({
        key: entry.key,
        icon: decorative(entry.icon),
        label: <Link to={entry.route}>{entry.label}</Link>,
      })),
      ...(logoutLabel ? [{ key: "logout", icon: <LogoutOutlined />, label: logoutLabel }] : []),
    ];
    return (
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        style={{ border: "none", paddingTop: 8 }}
        onClick={({ key }) => onClick(key)}
      />
    );
  },
  (prev, next) =>
    prev.selectedKey === next.selectedKey &&
    prev.logoutLabel === next.logoutLabel &&
    sameEntries(prev.entries, next.entries),
);

export function ConsoleMenu({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslate();
  const { menuItems, selectedKey } = useMenu();
  const listable = useListable(menuItems);
  const signOut = useSignOut();
  const onClick = useStableCallback((key: string) => {
    if (key === "logout") signOut();
    onNavigate?.();
  });
  const entries = menuItems
    .filter((item) => listable?.has(item.name))
    .map((item) => ({
      key: item.key,
      route: item.route ?? "/",
      label: item.label ?? item.name,
      icon: item.meta?.icon ?? DEFAULT_ICON,
    }));
  // Until the permissions are known (a slow server): where the menu will be.
  if (!listable) return <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ padding: "16px 24px" }} />;
  return (
    <MenuView
      entries={entries}
      // "Sign out" ends this browser's session; the profile's "Sign out everywhere" ends them all.
      logoutLabel={listable ? t("shell.signOut", "Sign out") : undefined}
      selectedKey={selectedKey ?? ""}
      onClick={onClick}
    />
  );
}
