// plv8's JavaScript surface, run inside the stack's QuickJS sandbox (plv8/runtime.ts)
// once per backend session: the `plv8` object, the level constants, value conversion
// between PostgreSQL and JavaScript as plv8 does it, and the entry points the runtime
// calls. It reaches the backend only through the two host functions it removes from
// the global object first. See docs/extensions-native.md.
((global) => {
  const hostExecute = global.__host_execute;
  const hostElog = global.__host_elog;
  delete global.__host_execute;
  delete global.__host_elog;

  const levels = {
    DEBUG5: 10,
    DEBUG4: 11,
    DEBUG3: 12,
    DEBUG2: 13,
    DEBUG1: 14,
    LOG: 15,
    INFO: 17,
    NOTICE: 18,
    WARNING: 19,
    ERROR: 21,
  };
  Object.assign(global, levels);

  const DATE_TYPES = new Set([1082, 1114, 1184]);
  const JSON_TYPES = new Set([114, 3802]);
  const TRIGGER_TYPES = new Set([2279, 3838]);

  class SqlError extends Error {
    constructor(e) {
      super(e.message);
      this.name = "Error";
      this.sqlerrcode = e.code;
      this.code = e.code;
      if (e.detail) this.detail = e.detail;
      if (e.hint) this.hint = e.hint;
    }
  }

  function fromPg(json, type) {
    if (json === null || json === undefined) return null;
    const value = JSON.parse(json);
    if (DATE_TYPES.has(type) && typeof value === "string") {
      return new Date(type === 1114 && !/[zZ]|[+-]\d\d(:?\d\d)?$/.test(value) ? `${value}Z` : value);
    }
    return value;
  }

  function quoteElement(text) {
    return text === "" || /[{}",\\\s]/.test(text) || text.toUpperCase() === "NULL"
      ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
      : text;
  }

  function quoteField(text) {
    return text === "" || /[(),"\\\s]/.test(text) ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"` : text;
  }

  /** A parameter as PostgreSQL's text input reads it (the type is inferred by the server). */
  function paramText(value) {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) {
      return `{${value.map((e) => (e === null || e === undefined ? "NULL" : Array.isArray(e) ? paramText(e) : quoteElement(paramText(e)))).join(",")}}`;
    }
    if (typeof value === "object") return JSON.stringify(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    return String(value);
  }

  function run(sql, params) {
    const payload = params.map((p) => [paramText(p), p === undefined ? null : JSON.stringify(p)]);
    const result = JSON.parse(hostExecute(String(sql), JSON.stringify(payload)));
    if (result.error) throw new SqlError(result.error);
    if (result.kind === "count") return result.count;
    return result.rows.map((row) => {
      const out = {};
      result.columns.forEach((c, i) => {
        out[c.name] = fromPg(row[i], c.type);
      });
      return out;
    });
  }

  const types = new Map();
  function describe(oid) {
    let t = types.get(oid);
    if (!t) {
      const [row] = run(
        "select t.typtype, t.typcategory, t.typelem::int as elem, t.typrelid::int as relid, t.typdelim, t.typbasetype::int as base from pg_catalog.pg_type t where t.oid = $1::oid",
        [oid],
      );
      if (!row) throw new Error(`cache lookup failed for type ${oid}`);
      t = row;
      if (t.typtype === "c") {
        t.attributes = run(
          "select attname as name, atttypid::int as type from pg_catalog.pg_attribute where attrelid = $1::oid and attnum > 0 and not attisdropped order by attnum",
          [t.relid],
        );
      }
      types.set(oid, t);
    }
    return t;
  }

  /** A JavaScript value as the text the return type's input function reads. */
  function toLiteral(value, oid) {
    if (value === null || value === undefined) return null;
    if (JSON_TYPES.has(oid)) return JSON.stringify(value);
    const t = describe(oid);
    if (t.typtype === "d") return toLiteral(value, t.base);
    if (t.typcategory === "A" && t.elem && Array.isArray(value)) {
      return `{${value.map((e) => (e === null || e === undefined ? "NULL" : quoteElement(toLiteral(e, t.elem)))).join(t.typdelim)}}`;
    }
    if (t.typtype === "c" && typeof value === "object") {
      return `(${t.attributes
        .map((a) => {
          const v = value[a.name];
          return v === null || v === undefined ? "" : quoteField(toLiteral(v, a.type));
        })
        .join(",")})`;
    }
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "boolean") return value ? "true" : "false";
    if (typeof value === "object" && t.typcategory !== "S") return JSON.stringify(value);
    return String(value);
  }

  const procs = new Map();
  function procInfo(oid) {
    const [row] = run(
      `select p.proname, p.prosrc, coalesce(p.proargnames, '{}') as names, coalesce(p.proargmodes::text[], '{}') as modes,
              p.proretset, p.prorettype::int as rettype, l.lanname, p.xmin::text as version
         from pg_catalog.pg_proc p join pg_catalog.pg_language l on l.oid = p.prolang where p.oid = $1::oid`,
      [oid],
    );
    if (!row) throw new Error(`cache lookup failed for function ${oid}`);
    return row;
  }

  const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
  function compiled(oid) {
    const info = procInfo(oid);
    const cached = procs.get(oid);
    if (cached && cached.version === info.version) return { info, fn: cached.fn };
    const inputs = info.names.filter((_, i) => info.modes.length === 0 || ["i", "b", "v"].includes(info.modes[i]));
    const params = inputs.map((n, i) => (IDENTIFIER.test(n) ? n : `$arg${i + 1}`));
    const name = IDENTIFIER.test(info.proname) ? info.proname : "";
    // biome-ignore lint/security/noGlobalEval: compiling a plv8 function body is the point, inside the QuickJS sandbox.
    // biome-ignore lint/complexity/noCommaOperator: indirect eval, so the body sees only the global scope.
    const fn = (0, eval)(`(function ${name}(${params.join(", ")}) {\n${info.prosrc}\n})`);
    procs.set(oid, { version: info.version, fn });
    return { info, fn };
  }

  const plv8 = {
    version: "3.1.10",
    execute(sql, ...rest) {
      const params = rest.length === 1 && Array.isArray(rest[0]) ? rest[0] : rest;
      return run(sql, params);
    },
    elog(level, ...message) {
      const text = message.map((m) => (typeof m === "string" ? m : JSON.stringify(m))).join(" ");
      if (level >= levels.ERROR) throw new Error(text);
      hostElog(level, text);
    },
    find_function(signature) {
      const sql = String(signature).includes("(")
        ? "select $1::regprocedure::oid::int as oid"
        : "select $1::regproc::oid::int as oid";
      const [{ oid }] = run(sql, [signature]);
      const { info, fn } = compiled(oid);
      if (info.lanname !== "plv8") throw new Error(`javascript function is not found for "${signature}"`);
      return fn;
    },
    quote_literal: (s) => run("select pg_catalog.quote_literal($1::text) as q", [s])[0].q,
    quote_nullable: (s) => run("select pg_catalog.quote_nullable($1::text) as q", [s])[0].q,
    quote_ident: (s) => run("select pg_catalog.quote_ident($1::text) as q", [s])[0].q,
    prepare(sql) {
      return {
        execute: (...rest) => plv8.execute(sql, ...rest),
        free() {},
      };
    },
    subtransaction() {
      throw new Error("plv8.subtransaction is not supported by the Opsdesk stack's plv8");
    },
    return_next() {
      throw new Error("set-returning plv8 functions are not supported by the Opsdesk stack's plv8");
    },
  };
  global.plv8 = plv8;

  function failure(err) {
    if (err instanceof SqlError) {
      return {
        error: { code: err.sqlerrcode, message: err.message, detail: err.detail ?? null, hint: err.hint ?? null },
      };
    }
    return {
      error: {
        code: "XX000",
        message: String(err),
        detail: err?.stack ? String(err.stack).trim() || null : null,
        hint: null,
      },
    };
  }

  global.__plv8_call = (payload) => {
    try {
      const { info, fn } = compiled(payload.fn);
      if (info.proretset)
        return failure(new Error("set-returning plv8 functions are not supported by the Opsdesk stack's plv8"));
      if (TRIGGER_TYPES.has(info.rettype))
        return failure(new Error("plv8 trigger functions are not supported by the Opsdesk stack's plv8"));
      const args = payload.args.map(([type, json]) => fromPg(json, Number(type)));
      return { value: toLiteral(fn.apply(undefined, args), payload.rettype) };
    } catch (err) {
      return failure(err);
    }
  };
  global.__plv8_inline = (source) => {
    try {
      // biome-ignore lint/security/noGlobalEval: a DO block's body, inside the QuickJS sandbox.
      // biome-ignore lint/complexity/noCommaOperator: indirect eval, so the body sees only the global scope.
      (0, eval)(`(function () {\n${source}\n})`)();
      return { value: null };
    } catch (err) {
      return failure(err);
    }
  };
  global.__plv8_validate = (oid) => {
    try {
      compiled(oid);
      return { value: null };
    } catch (err) {
      return failure(err);
    }
  };
})(globalThis);
