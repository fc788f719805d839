export { SqlBuilder, type SqlQuery } from "./builder.js";
export { mutationReadSql, mutationSql } from "./mutate.js";
export { countSql, readSql } from "./read.js";
export { callCte } from "./rpc.js";
