// Ctrl/Cmd+K: go to a resource, create a record, or open a record of any resource the
// operator may list (grouped by resource, with a second line); plus the `?` help listing
// every shortcut. Built on antd Modal (no kbar: React 19).
import { useTranslate } from "@refinedev/core";
import { Empty, Input, type InputRef, Modal, Spin, Table, Tag, Typography } from "antd";
import { type RefObject, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buildCommands, type Command, filterCommands } from "./commands";
import { usePalette } from "./PaletteContext";
import { usePaletteResources } from "./usePaletteResources";
import { useRecordSearch } from "./useRecordSearch";
import { useShortcuts } from "./useShortcuts";
import "./palette.css";

const LISTBOX_ID = "command-palette-options";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

interface DialogProps {
  commands: Command[];
  onRun: (command: Command) => void;
  inputRef: RefObject<InputRef | null>;
}

function PaletteDialog({ commands, onRun, inputRef }: DialogProps) {
  const t = useTranslate();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const records = useRecordSearch(query);
  const matching = useMemo(() => filterCommands(commands, query), [commands, query]);
  // One list for the arrow keys: the commands, then each group's records.
  const shown = useMemo(
    () => [...matching, ...records.groups.flatMap((group) => group.commands)],
    [matching, records.groups],
  );
  const selected = Math.min(active, Math.max(shown.length - 1, 0));

  const kindLabel = {
    go: t("palette.kind.go", "Go to"),
    create: t("palette.kind.create", "Create"),
    record: t("palette.kind.record", "Open"),
  };

  const option = (command: Command, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
    <div
      key={command.id}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === selected}
      className="command-palette-option"
      onMouseEnter={() => setActive(index)}
      onClick={() => onRun(command)}
    >
      <Tag bordered={false}>{kindLabel[command.kind]}</Tag>
      <span className="command-palette-label">
        {command.label}
        {command.detail && <span className="command-palette-detail">{command.detail}</span>}
      </span>
      {command.shortcut && <Typography.Text keyboard>{command.shortcut}</Typography.Text>}
    </div>
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((selected + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === "Enter" && shown[selected]) {
      event.preventDefault();
      onRun(shown[selected]);
    }
  };

  return (
    <>
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        role="combobox"
        aria-label={t("palette.input", "Search commands and records")}
        aria-expanded
        aria-controls={LISTBOX_ID}
        aria-activedescendant={shown.length ? optionId(selected) : undefined}
        placeholder={t("palette.placeholder", "Go to, create, or search all records…")}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={LISTBOX_ID} role="listbox" aria-label={t("palette.results", "Results")} className="command-palette-list">
        {matching.map((command, index) => option(command, index))}
        {records.groups.map((group) => {
          const start = shown.indexOf(group.commands[0]);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not a form's fieldset
            <div key={group.resource} role="group" aria-labelledby={`${LISTBOX_ID}-${group.resource}`}>
              <div id={`${LISTBOX_ID}-${group.resource}`} role="presentation" className="command-palette-group">
                {group.label}
              </div>
              {group.commands.map((command, index) => option(command, start + index))}
            </div>
          );
        })}
      </div>
      {records.loading && <Spin size="small" />}
      {shown.length === 0 && !records.loading && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("palette.empty", "Nothing matches.")} />
      )}
    </>
  );
}

function ShortcutsHelp({ commands }: { commands: Command[] }) {
  const t = useTranslate();
  const rows = [
    { keys: "Ctrl K / ⌘ K", action: t("shortcuts.palette", "Open the command palette") },
    { keys: "/", action: t("shortcuts.search", "Search the list on screen") },
    { keys: "?", action: t("shortcuts.help", "Show these shortcuts") },
    { keys: "Enter", action: t("shortcuts.enter", "Submit the form, from a one-line field") },
    { keys: "Ctrl Enter / ⌘ Enter", action: t("shortcuts.submit", "Submit the form, from any field") },
    { keys: "Esc", action: t("shortcuts.escape", "Close the dialog, menu or palette") },
    ...commands
      .filter((c) => c.shortcut)
      .map((c) => ({ keys: c.shortcut ?? "", action: t("shortcuts.go", { target: c.label }, "Go to {{target}}") })),
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="keys"
      dataSource={rows}
      columns={[
        {
          title: t("shortcuts.keys", "Keys"),
          dataIndex: "keys",
          render: (keys: string) => <Typography.Text keyboard>{keys}</Typography.Text>,
        },
        { title: t("shortcuts.action", "Action"), dataIndex: "action" },
      ]}
    />
  );
}

export function CommandPalette() {
  const t = useTranslate();
  const navigate = useNavigate();
  const palette = usePalette();
  const { resources, allowed } = usePaletteResources();
  const commands = buildCommands(resources, allowed);
  const inputRef = useRef<InputRef>(null);

  const go = (path: string) => {
    palette.close();
    navigate(path);
  };
  useShortcuts({ commands, openPalette: palette.open, openHelp: palette.openHelp, go });

  return (
    <>
      <Modal
        open={palette.dialog === "palette"}
        onCancel={palette.close}
        footer={null}
        closable={false}
        destroyOnHidden
        title={t("palette.title", "Command palette")}
        width={560}
        // The dialog takes focus when its opening animation ends; the search field wants it.
        afterOpenChange={(open) => open && inputRef.current?.focus()}
      >
        <PaletteDialog commands={commands} onRun={(command) => go(command.path)} inputRef={inputRef} />
      </Modal>
      <Modal
        open={palette.dialog === "help"}
        onCancel={palette.close}
        footer={null}
        destroyOnHidden
        title={t("shortcuts.title", "Keyboard shortcuts")}
      >
        <ShortcutsHelp commands={commands} />
      </Modal>
    </>
  );
}
