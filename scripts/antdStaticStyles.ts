// antd's styles as static stylesheets, made at build time (vite.config.ts). antd generates
// each component's CSS in the browser (CSS-in-JS): on a console's first render that was a
// fifth of the main thread's work, and every mount of a component compared its whole style
// text again. antd's own answer for pages rendered ahead is to extract what it would
// generate into a CSS file that lists the styles it holds (@ant-design/cssinjs'
// extractStyle, "plain"): loaded before the console runs, antd finds each style there and
// generates and inserts nothing for it. Anything not in the file (a component or theme not
// rendered here) is still generated in the browser as before, so the file only saves work.
//
// A stylesheet per theme and motion preference (`light-moving`, `dark-still`, …): antd's
// styles depend on both, and index.html loads the one the page starts in.
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { PageHeader } from "@refinedev/antd";
import {
  Alert,
  App,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  message,
  notification,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Steps,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from "antd";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Theme } from "../src/components/theme/preferences.ts";
import { STYLE_TRANSFORMERS, themeConfig } from "../src/components/theme/themeConfig.ts";

/** antd's popups render nothing until opened; their panels register the same styles. */
type WithPanel = { _InternalPanelDoNotUseOrYouWillBeFired: (props: Record<string, unknown>) => ReactNode };
const panel = (component: unknown, props: Record<string, unknown> = {}) =>
  h((component as WithPanel)._InternalPanelDoNotUseOrYouWillBeFired, props);

/** Every antd component the console and Refine's antd views render, in the states that add styles. */
function everyComponent(): ReactNode[] {
  const columns = [
    { key: "a", dataIndex: "a", title: "A", sorter: true, filters: [{ text: "x", value: "x" }] },
    { key: "b", dataIndex: "b", title: "B", fixed: "right" as const },
  ];
  return [
    h(Alert, { message: "m", type: "error", showIcon: true, action: h(Button, null, "b") }),
    h(App, null),
    h(Avatar, null, "A"),
    h(Badge, { count: 1 }),
    h(Breadcrumb, { items: [{ title: "a" }, { title: "b" }] }),
    h(Button, { type: "primary", icon: h("span") }, "b"),
    h(Card, { title: "t", extra: "e" }, "c"),
    h(Checkbox, null, "c"),
    h(Row, null, h(Col, { span: 12 }, "c")),
    h(DatePicker, null),
    h(DatePicker.RangePicker, null),
    panel(DatePicker),
    h(Descriptions, { items: [{ key: "a", label: "a", children: "b" }], bordered: true }),
    h(Divider, null),
    panel(Drawer, { title: "t" }),
    h(Dropdown, { menu: { items: [{ key: "a", label: "a" }] } }, h("a", null, "d")),
    // (antd's own panel passes `visible`, which antd and React warn about outside production.)
    panel(Dropdown, { menu: { items: [{ key: "a", label: "a" }] } }),
    h(Empty, null),
    h(Form, null, h(Form.Item, { label: "l", help: "h", validateStatus: "error", required: true }, h(Input, null))),
    h(Image, { src: "data:," }),
    h(Input, { prefix: "p", allowClear: true }),
    h(Input.Search, { enterButton: true }),
    h(Input.TextArea, null),
    h(Input.Password, null),
    h(InputNumber, null),
    panel(InputNumber),
    h(
      Layout,
      { hasSider: true },
      h(Layout.Sider, null, h(Menu, { items: [{ key: "a", label: "a" }] })),
      h(Layout, null, h(Layout.Header, null), h(Layout.Content, null)),
    ),
    h(List<string>, { dataSource: ["a"], renderItem: (item) => h(List.Item, null, item) }),
    h(Menu, { mode: "inline", items: [{ key: "a", label: "a", children: [{ key: "b", label: "b" }] }] }),
    h(Modal, { open: false }),
    panel(Modal, { title: "t" }),
    h(message._InternalPanelDoNotUseOrYouWillBeFired, { content: "m", type: "success" }),
    h(notification._InternalPanelDoNotUseOrYouWillBeFired, { message: "m", description: "d", type: "error" }),
    h(Pagination, { total: 100, showSizeChanger: true }),
    panel(Popconfirm, { title: "t" }),
    panel(Popover, { title: "t", content: "c" }),
    // A popover (a Popconfirm's too) renders its trigger through Tooltip, with the popover's classes.
    h(Popover, { content: "c" }, h("span", null, "p")),
    h(Popconfirm, { title: "t" }, h("span", null, "p")),
    h(Progress, { percent: 50 }),
    h(Radio.Group, { options: ["a", "b"], optionType: "button" }),
    h(Result, { status: "403", title: "t" }),
    h(Segmented, { options: ["a", "b"] }),
    h(Select, { options: [{ value: "a" }], mode: "multiple" }),
    panel(Select, { options: [{ value: "a" }] }),
    h(Skeleton, { active: true }),
    h(Space, { direction: "vertical" }, h(Space.Compact, null, h(Button, null, "a"))),
    h(Spin, null),
    h(Statistic, { title: "t", value: 1 }),
    h(Steps, { items: [{ title: "a" }, { title: "b" }] }),
    h(Switch, null),
    h(Table, {
      columns,
      dataSource: [{ a: "1", b: "2", key: 1 }],
      rowSelection: {},
      pagination: { total: 100 },
      scroll: { x: true },
    }),
    h(Tabs, { items: [{ key: "a", label: "a", children: "c" }] }),
    h(Tag, { color: "green" }, "t"),
    h(Tag, { color: "success" }, "t"),
    // Refine's page header (@ant-design/pro-layout's), above every list, record and form.
    h(PageHeader, { title: "t", breadcrumb: { items: [{ title: "a" }] }, extra: h(Button, null, "b") }),
    h(Tooltip, { title: "t" }, h("span", null, "t")),
    panel(Tooltip, { title: "t" }),
    h(Typography.Title, { level: 3 }, "t"),
    h(Typography.Text, { type: "secondary" }, "t"),
    h(Typography.Paragraph, { ellipsis: true }, "p"),
    h(Typography.Link, null, "l"),
    h(Upload, null, h(Button, null, "u")),
    h(Upload.Dragger, null, "u"),
  ];
}

export interface StaticStylesVariant {
  theme: Theme;
  reducedMotion: boolean;
}

/** `light-moving`, `dark-still`: the name index.html picks a stylesheet by. */
export const variantName = ({ theme, reducedMotion }: StaticStylesVariant) =>
  `${theme}-${reducedMotion ? "still" : "moving"}`;

export const VARIANTS: StaticStylesVariant[] = (["light", "dark"] as const).flatMap((theme) =>
  [false, true].map((reducedMotion) => ({ theme, reducedMotion })),
);

/**
 * index.html's loader, called with the file of each variant: it writes the link to the page's
 * variant while the page is parsed, so the stylesheet blocks the console's scripts until it
 * has loaded (antd reads its list of styles once, at its first render). The keys are
 * THEME_STORAGE_KEY and useReducedMotion's query.
 */
export const STYLE_SHEETS_BY_VARIANT = `((files) => {
  let theme = "light";
  try {
    if (localStorage.getItem("opsdesk.theme") === "dark") theme = "dark";
  } catch {}
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  document.write('<link rel="stylesheet" href="' + files[theme + (still ? "-still" : "-moving")] + '">');
})`;

/** The CSS antd generates for the console's components in a variant, with the list of styles it holds. */
export function staticStyles(variant: StaticStylesVariant): string {
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache, transformers: STYLE_TRANSFORMERS },
      h(ConfigProvider, { theme: themeConfig(variant.theme, variant.reducedMotion) }, ...everyComponent()),
    ),
  );
  return extractStyle(cache, { plain: true, types: ["style", "token"] });
}
