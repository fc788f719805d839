// Plain formatting shared by renderers, charts and cards.
import dayjs from "dayjs";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatMoney = (value: unknown) =>
  value === null || value === undefined || value === "" ? "" : money.format(Number(value));
export const formatDate = (value: unknown) => (value ? dayjs(String(value)).format("YYYY-MM-DD") : "");
export const formatDateTime = (value: unknown) => (value ? dayjs(String(value)).format("YYYY-MM-DD HH:mm") : "");

/** `orders_today` → "Orders today". */
export const humanize = (key: string) => {
  const words = key.replaceAll("_", " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
