// German, a chunk of its own (fetched when German is chosen, or before the first paint of a
// browser that chose it): the console's catalogue, antd's texts (pickers, pagination, empty
// states) and dayjs's names of days and months, which antd's date pickers read.
import deDE from "antd/es/locale/de_DE";
import "dayjs/locale/de";
import type { LanguagePack } from "../catalogue";

const pack: LanguagePack = {
  files: import.meta.glob<{ default: Record<string, string> }>("../locales/de/*.ts", { eager: true }),
  antd: deDE,
};

export default pack;
