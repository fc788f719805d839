// The panel a screen shows instead of itself when it fails to render or its code fails to
// load: what failed, "Reload this screen" (loading failed chunks again) and the dashboard.
// The layout around it stays, so the operator can go on from the menu. Plain elements on
// antd tokens (not antd's Result, whose illustrations would weigh on the sign-in route).
import { CloseCircleFilled } from "@ant-design/icons";
import { Button, theme } from "antd";
import type { FallbackProps } from "react-error-boundary";
import { useNavigate } from "react-router";
import { useText } from "../theme/useText";
import { ChunkLoadError, retryFailedChunks } from "./lazyChunk";

export function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const t = useText();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div role="alert" data-screen-error style={{ textAlign: "center", padding: "48px 16px", color: token.colorText }}>
      <CloseCircleFilled style={{ fontSize: 56, color: token.colorError }} />
      <h2 style={{ fontSize: token.fontSizeHeading3, fontWeight: 500, margin: "24px 0 8px" }}>
        {t("errors.screen.title", "Something went wrong on this screen")}
      </h2>
      <p style={{ color: token.colorTextDescription, margin: "0 0 8px" }}>
        {chunk
          ? t(
              "errors.screen.chunk",
              "Part of the console could not be loaded: the connection dropped, or a new version was deployed.",
            )
          : t("errors.screen.failed", "The screen stopped with this error:")}
      </p>
      {!chunk && (
        <code style={{ display: "inline-block", marginBottom: 8, overflowWrap: "anywhere" }}>
          {error instanceof Error ? error.message : String(error)}
        </code>
      )}
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8, justifyContent: "center", marginTop: 16 }}>
        <Button
          type="primary"
          onClick={() => {
            retryFailedChunks();
            resetErrorBoundary();
          }}
        >
          {t("errors.screen.reload", "Reload this screen")}
        </Button>
        {/* A button that navigates: a button inside a link would be two controls in one. */}
        <Button onClick={() => navigate("/")}>{t("errors.screen.dashboard", "Dashboard")}</Button>
      </div>
    </div>
  );
}
