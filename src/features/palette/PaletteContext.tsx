// Open state of the command palette and the shortcuts help, shared by the header button,
// the keyboard shortcuts and the dialogs themselves.
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

type Dialog = "palette" | "help" | undefined;

interface PaletteContextValue {
  dialog: Dialog;
  open: () => void;
  openHelp: () => void;
  close: () => void;
}

const PaletteContext = createContext<PaletteContextValue | undefined>(undefined);

export function PaletteProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<Dialog>();
  const value = useMemo<PaletteContextValue>(
    () => ({
      dialog,
      open: () => setDialog("palette"),
      openHelp: () => setDialog("help"),
      close: () => setDialog(undefined),
    }),
    [dialog],
  );
  return <PaletteContext.Provider value={value}>{children}</PaletteContext.Provider>;
}

export function usePalette(): PaletteContextValue {
  const value = useContext(PaletteContext);
  if (!value) throw new Error("usePalette needs <PaletteProvider>");
  return value;
}
