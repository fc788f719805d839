// Everything a signed-in operator sees around the screens: Refine's layout, our header, the
// command palette and keyboard shortcuts. Loaded lazily, so the sign-in page stays small.
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import { CommandPalette } from "../palette/CommandPalette";
import { PaletteProvider } from "../palette/PaletteContext";
import { RESOURCE_ICONS } from "../resourceIcons";
import { usePreferenceSync } from "../theme/usePreferenceSync";
import { ConsoleHeader } from "./ConsoleHeader";
import { ScreenArea } from "./ScreenArea";
import { useConsoleNotice } from "./useConsoleNotice";

const Title = ({ collapsed }: { collapsed: boolean }) => (
  <ThemedTitle collapsed={collapsed} text="Opsdesk" icon={RESOURCE_ICONS.dashboard} />
);

export default function ConsoleShell() {
  usePreferenceSync();
  useConsoleNotice();
  return (
    <PaletteProvider>
      <ThemedLayout Title={Title} Header={ConsoleHeader}>
        <ScreenArea />
      </ThemedLayout>
      <CommandPalette />
    </PaletteProvider>
  );
}
