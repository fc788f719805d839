// Everything a signed-in operator sees around the screens: the layout with its menu and
// header, the command palette and keyboard shortcuts. Loaded lazily, so the sign-in page
// stays small.

import { usePreferenceSync } from "../components/theme/usePreferenceSync";
import { CommandPalette } from "../features/palette/CommandPalette";
import { PaletteProvider } from "../features/palette/PaletteContext";
import { DeferredDeletesProvider } from "../features/undo/DeferredDeletes";
import { ConsoleLayout } from "./ConsoleLayout";
import { useFormKeys } from "./formKeys";
import { ScreenArea } from "./ScreenArea";
import { useConsoleNotice } from "./useConsoleNotice";
import { useDialogFocus } from "./useDialogFocus";

export default function ConsoleShell() {
  usePreferenceSync();
  useConsoleNotice();
  useFormKeys();
  useDialogFocus();
  return (
    <PaletteProvider>
      <DeferredDeletesProvider>
        <ConsoleLayout>
          <ScreenArea />
        </ConsoleLayout>
      </DeferredDeletesProvider>
      <CommandPalette />
    </PaletteProvider>
  );
}
