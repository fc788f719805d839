// antd's Result with its 403/404 illustrations: large, so loaded only when an error page shows.
import { useTranslate } from "@refinedev/core";
import { Button, Result } from "antd";
import { Link } from "react-router";

export interface ErrorResultProps {
  status: "403" | "404";
  subTitle: string;
  /** Where the page's button leads (default: the dashboard). */
  back?: { to: string; label: string };
}

export default function ErrorResult({ status, subTitle, back }: ErrorResultProps) {
  const t = useTranslate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={subTitle}
      extra={
        <Link to={back?.to ?? "/"}>
          <Button type="primary">{back?.label ?? t("errors.backHome", "Back to the dashboard")}</Button>
        </Link>
      }
    />
  );
}
