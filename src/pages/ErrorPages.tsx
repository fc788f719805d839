// 403 for a screen the role may not open, 404 for anything else.
import { Button, Result } from "antd";
import { Link } from "react-router";

const home = (
  <Link to="/">
    <Button type="primary">Back to the dashboard</Button>
  </Link>
);

export function ForbiddenPage() {
  return <Result status="403" title="403" subTitle="You don't have permission to open this page." extra={home} />;
}

export function NotFoundPage() {
  return <Result status="404" title="404" subTitle="There is no page at this address." extra={home} />;
}
