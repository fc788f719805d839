// The panel a screen shows instead of itself when it fails to render or its code fails to
// load: what failed, "Reload this screen" (loading failed chunks again) and the dashboard.
// The layout around it stays, so the operator can go on from the menu.
import { Button, Result, Space, Typography } from "antd";
import type { FallbackProps } from "react-error-boundary";
import { Link } from "react-router";
import { useText } from "../theme/useText";
import { ChunkLoadError, retryFailedChunks } from "./lazyChunk";

export function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const t = useText();
  const reason =
    error instanceof ChunkLoadError
      ? t(
          "errors.screen.chunk",
          "Part of the console could not be loaded: the connection dropped, or a new version was deployed.",
        )
      : t("errors.screen.failed", "The screen stopped with this error:");
  return (
    <div role="alert">
      <Result
        status="error"
        title={t("errors.screen.title", "Something went wrong on this screen")}
        subTitle={
          <Space direction="vertical" size={4}>
            <span>{reason}</span>
            {!(error instanceof ChunkLoadError) && (
              <Typography.Text code>{error instanceof Error ? error.message : String(error)}</Typography.Text>
            )}
          </Space>
        }
        extra={
          <Space wrap style={{ justifyContent: "center" }}>
            <Button
              type="primary"
              onClick={() => {
                retryFailedChunks();
                resetErrorBoundary();
              }}
            >
              {t("errors.screen.reload", "Reload this screen")}
            </Button>
            <Link to="/">
              <Button>{t("errors.screen.dashboard", "Dashboard")}</Button>
            </Link>
          </Space>
        }
      />
    </div>
  );
}
