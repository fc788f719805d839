// A list header cell whose right edge drags (or, focused, takes ← and →) to make the
// column narrower or wider. The width shows while dragging and is stored when the drag
// ends; each key press stores it.
import { useTranslate } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import { type HTMLAttributes, type KeyboardEvent, type PointerEvent, useRef } from "react";
import "./ResizableHeaderCell.css";

const KEY_STEP = 16;

interface ResizeProps {
  /** The column's name for the handle's label. */
  resizeLabel?: string;
  /** The stored width, if the operator set one. */
  resizeWidth?: number;
  /** The new width; `store` is false while a drag is under way. */
  onResize?: (width: number, store: boolean) => void;
}

type Props = HTMLAttributes<HTMLTableCellElement> & ResizeProps;

export function ResizableHeaderCell({ resizeLabel, resizeWidth, onResize, children, ...cell }: Props) {
  const t = useTranslate();
  const ref = useRef<HTMLTableCellElement>(null);
  const drag = useRef<{ x: number; width: number; last: number }>(undefined);
  if (!onResize) return <th {...cell}>{children}</th>;

  const widthNow = () => ref.current?.getBoundingClientRect().width ?? 0;
  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width: widthNow(), last: widthNow() };
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    drag.current.last = drag.current.width + event.clientX - drag.current.x;
    onResize(drag.current.last, false);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    onResize(drag.current.last, true);
    drag.current = undefined;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const delta = event.key === "ArrowRight" ? KEY_STEP : event.key === "ArrowLeft" ? -KEY_STEP : 0;
    if (delta === 0) return;
    event.preventDefault();
    event.stopPropagation();
    onResize(widthNow() + delta, true);
  };

  return (
    <th {...cell} ref={ref} style={{ ...cell.style, position: "relative" }}>
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter; <hr> cannot take focus or keys */}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={t("list.resizeColumn", { column: resizeLabel }, "Resize {{column}}")}
        aria-valuenow={resizeWidth ?? Math.round(widthNow())}
        tabIndex={0}
        className="list-column-resizer"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        // The header sorts on click; a drag or key on the handle must not.
        onClick={(event) => event.stopPropagation()}
      />
    </th>
  );
}

/** A column with its stored width and a header that resizes it. */
export function resizableColumn<T>(
  column: ColumnType<T>,
  width: number | undefined,
  onResize: (name: string, width: number, store: boolean) => void,
): ColumnType<T> {
  const name = String(column.key);
  return {
    ...column,
    width,
    onHeaderCell: () =>
      ({
        resizeLabel: typeof column.title === "string" ? column.title : name,
        resizeWidth: width,
        onResize: (next: number, store: boolean) => onResize(name, next, store),
      }) as ResizeProps as HTMLAttributes<HTMLElement>,
  };
}
