// The back arrow of show, create and edit headers. antd's page header wraps it in its own
// button, so it must be a plain icon (Refine's default is a Button: a button in a button).
import { ArrowLeftOutlined } from "@ant-design/icons";

export const BACK_ICON = <ArrowLeftOutlined />;
