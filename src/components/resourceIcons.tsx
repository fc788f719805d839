// Menu icons by resource name.
import {
  AuditOutlined,
  BranchesOutlined,
  DashboardOutlined,
  IdcardOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

export const RESOURCE_ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  products: <ShoppingOutlined />,
  categories: <TagsOutlined />,
  customers: <TeamOutlined />,
  customer_duplicates: <BranchesOutlined />,
  orders: <ProfileOutlined />,
  staff: <IdcardOutlined />,
  audit_log: <AuditOutlined />,
  permissions: <SafetyOutlined />,
  profile: <UserOutlined />,
};
