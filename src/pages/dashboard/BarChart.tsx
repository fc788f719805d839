// A dependency-free bar chart: one bar per label, heights scaled to the largest value,
// which is written on the axis. Each bar names its label and value on hover and to
// screen readers (SVG <title>); with `links`, each bar's whole column is a link (its
// drill-down), reachable by keyboard.
import { theme } from "antd";
import { Link } from "react-router";

interface Props {
  labels: string[];
  values: number[];
  title: string;
  format?: (value: number) => string;
  /** How a label reads (the axis and hover); the label itself stays the bar's key. */
  formatLabel?: (label: string) => string;
  color?: string;
  /** Where each bar leads, by index. */
  links?: string[];
}

const HEIGHT = 160;
const BAR = 12;

export function BarChart({ labels, values, title, format = String, formatLabel = String, color, links }: Props) {
  const { token } = theme.useToken();
  const max = Math.max(0, ...values);
  const width = Math.max(1, values.length) * BAR;
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }} aria-hidden>
        {format(max)}
      </div>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role={links ? "group" : "img"}
        aria-label={title}
        style={{ width: "100%", height: HEIGHT, display: "block", borderBottom: `1px solid ${token.colorBorder}` }}
      >
        {values.map((value, i) => {
          const h = max > 0 ? (value / max) * (HEIGHT - 4) : 0;
          const name = `${formatLabel(labels[i])}: ${format(value)}`;
          const bar = (
            <rect x={i * BAR + 1} y={HEIGHT - h} width={BAR - 2} height={h} fill={color ?? token.colorPrimary}>
              <title>{name}</title>
            </rect>
          );
          const href = links?.[i];
          if (!href) return <g key={labels[i]}>{bar}</g>;
          return (
            <Link key={labels[i]} to={href} className="dashboard-bar" aria-label={name} data-bar={labels[i]}>
              <rect className="dashboard-bar-target" x={i * BAR} y={0} width={BAR} height={HEIGHT} />
              {bar}
            </Link>
          );
        })}
      </svg>
      <figcaption style={{ display: "flex", justifyContent: "space-between", color: token.colorTextSecondary }}>
        <span>{labels.length > 0 && formatLabel(labels[0])}</span>
        <span>{labels.length > 0 && formatLabel(labels[labels.length - 1])}</span>
      </figcaption>
    </figure>
  );
}
