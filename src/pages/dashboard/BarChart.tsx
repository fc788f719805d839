// A dependency-free bar chart: one bar per label, heights scaled to the largest value.
import { theme } from "antd";

interface Props {
  labels: string[];
  values: number[];
  title: string;
  format?: (value: number) => string;
}

const HEIGHT = 160;

export function BarChart({ labels, values, title, format = String }: Props) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...values);
  const width = Math.max(1, values.length) * 12;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={title}
        style={{ width: "100%", height: HEIGHT, display: "block" }}
      >
        {values.map((value, i) => {
          const h = (value / max) * (HEIGHT - 4);
          return (
            <rect key={labels[i]} x={i * 12 + 1} y={HEIGHT - h} width={10} height={h} fill={token.colorPrimary}>
              <title>{`${labels[i]}: ${format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption style={{ display: "flex", justifyContent: "space-between", color: token.colorTextSecondary }}>
        <span>{labels[0]}</span>
        <span>{labels[labels.length - 1]}</span>
      </figcaption>
    </figure>
  );
}
