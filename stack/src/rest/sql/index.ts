export { SqlBuilder, type SqlQuery } from "./builder.js";
export { INSERTED_COLUMN, mutationReadSql, mutationSql, tracksInserted } from "./mutate.js";
export { countSql, RESPONSE_GUC_COLUMNS, readSql } from "./read.js";
export { callCte } from "./rpc.js";
