// antd's class names the console queries in the page, in one place: antd documents its
// components, not the classes it renders, so an update may rename them. antdContract.test.tsx
// renders the components and fails when one of these stops matching.

/** An open modal dialog, not one playing its closing animation (rc-dialog's wrapper and panel). */
export const OPEN_MODAL = ".ant-modal-wrap:not([style*='display: none']) .ant-modal:not(.ant-zoom-leave)";

/** Open layers that handle their own keys (rc-dialog's wrapper, rc-drawer's root), newest last. */
export const OPEN_LAYERS = ".ant-modal-wrap:not([style*='display: none']), .ant-drawer.ant-drawer-open";

/** Controls that use the arrow and Enter keys themselves: selects and date pickers. */
export const KEYED_CONTROLS = ".ant-select, .ant-picker";

/** A date picker that has the focus (its panel may be open). */
export const FOCUSED_PICKER = ".ant-picker-focused";
