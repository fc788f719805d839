// Links for places that render many of them (a list's rows: Show, Edit, a referenced record).
// React Router's <Link> reads the location to resolve itself, so every one of them rendered
// again whenever the address changed (a list writing its page into the URL re-rendered all its
// rows' links). A ConsoleLink reads nothing from the router while rendering: its click goes
// through one navigate function the console shares, with the same history entries a <Link>
// makes. Paths are absolute (components/paths.ts).
import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { useNavigate } from "react-router";
import { useStableCallback } from "./useStableCallback";

type Go = (path: string) => void;

const GoContext = createContext<Go | null>(null);

/** Provides the navigate function to the links below it; it never changes, so they never re-render for it. */
export function ConsoleLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const go = useStableCallback<[string], void>((path) => {
    void navigate(path);
  });
  return <GoContext.Provider value={go}>{children}</GoContext.Provider>;
}

/** A plain left click without a modifier key: the browser would open the link in this tab. */
const inThisTab = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  !event.currentTarget.target;

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path inside the console. */
  to: string;
}

export function ConsoleLink({ to, onClick, ...rest }: Props) {
  const go = useContext(GoContext);
  if (!go) throw new Error("ConsoleLink needs <ConsoleLinkProvider>");
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!inThisTab(event)) return;
    event.preventDefault();
    go(to);
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}
