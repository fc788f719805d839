// The rows a write refused, each by its title with the reason (already in the operator's
// words: notices render outside Refine's providers); paged beyond ten, since a bulk
// action may refuse thousands.
import { List, Typography } from "antd";

const SHOWN_ROWS = 10;

export function RefusedRows({ rows }: { rows: { title: string; message: string }[] }) {
  return (
    <List
      size="small"
      dataSource={rows}
      pagination={rows.length > SHOWN_ROWS && { pageSize: SHOWN_ROWS, size: "small", showSizeChanger: false }}
      renderItem={(item) => (
        <List.Item>
          <Typography.Text strong>{item.title}</Typography.Text>: {item.message}
        </List.Item>
      )}
    />
  );
}
