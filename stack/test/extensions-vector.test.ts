// pgvector on the stack (docs/extensions-native.md), on the ai-chat fixture: the
// extension in the extensions schema, every SQL function of the C library called and
// checked (an ABI mistake cannot hide), pgvector's text and binary formats, and the
// exact hnsw/ivfflat indexes: a match function through /rest/v1/rpc with supabase-js
// returns exactly what brute force computes, and index scans equal sequential scans.
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const DIMS = 1536;

/** Deterministic pseudo-random vectors (a linear congruential generator). */
function vectors(count: number, dims: number, seed: number): number[][] {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  return Array.from({ length: count }, () => Array.from({ length: dims }, () => Math.fround(next())));
}

const literal = (v: number[]) => `[${v.join(",")}]`;
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);
const cosineDistance = (a: number[], b: number[]) => 1 - dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));

describe("pgvector: the ai-chat project", () => {
  let stack: TestStack;
  const docs = vectors(300, DIMS, 7);

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "ai-chat") });
    const values = docs.map((_, i) => `($${2 * i + 1}, $${2 * i + 2}::extensions.vector)`).join(",");
    await stack.sql(
      `insert into public.documents (content, embedding) values ${values}`,
      docs.flatMap((v, i) => [`doc ${i}`, literal(v)]),
    );
    await stack.sql("analyze public.documents");
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("creates vector in the extensions schema, as on Supabase, and built its library at start", async () => {
    const [row] = await stack.sql(
      "select extnamespace::regnamespace::text as schema, extversion from pg_extension where extname = 'vector'",
    );
    expect(row).toEqual({ schema: "extensions", extversion: "0.8.0" });
    expect(stack.native.prepared).toContain("vector");
  });

  it("answers match_documents through /rest/v1/rpc exactly as brute force does, through the hnsw index", async () => {
    const query = vectors(1, DIMS, 99)[0];
    const { data, error } = await stack
      .anon()
      .rpc("match_documents", { query_embedding: query, match_threshold: -1, match_count: 10 });
    expect(error).toBeNull();
    const expected = docs
      .map((v, i) => ({ id: i + 1, d: cosineDistance(query, v) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 10);
    expect((data as { id: number }[]).map((r) => r.id)).toEqual(expected.map((e) => e.id));
    for (const [i, r] of (data as { similarity: number }[]).entries()) {
      expect(r.similarity).toBeCloseTo(1 - expected[i].d, 6);
    }
    const plan = await stack.sql(
      "explain select id from public.documents order by embedding operator(extensions.<=>) $1::extensions.vector limit 10",
      [literal(query)],
    );
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("Index Scan using documents_embedding_idx");
  });

  it("returns through every index exactly the rows a sequential scan returns (recall 1.0)", async () => {
    await stack.sql(
      `insert into public.messages (chat_id, role, content, embedding, summary)
       select gen_random_uuid(), 'user', 'm' || i, ('[' || sin(i) || ',' || cos(i * 1.7) || ',' || sin(i * 0.3) || ']')::vector,
              ('[' || cos(i) || ',' || sin(i * 2.1) || ',' || (i % 7) || ']')::halfvec
         from generate_series(1, 2000) i`,
    );
    await stack.sql("analyze public.messages");
    const client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    try {
      const cases = [
        ["embedding", "<->", "vector", "[0.2,-0.4,0.9]", "messages_embedding_idx"],
        ["embedding", "<#>", "vector", "[1,2,-1]", "messages_embedding_idx1"],
        ["summary", "<=>", "halfvec", "[0.5,0.5,3]", "messages_summary_idx"],
      ];
      for (const [column, op, type, q, index] of cases) {
        const sql = `select id from public.messages order by ${column} ${op} '${q}'::${type} limit 15`;
        await client.query("set enable_seqscan = off");
        const plan = (await client.query(`explain ${sql}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan, sql).toContain(`Index Scan using ${index}`);
        const viaIndex = (await client.query(sql)).rows.map((r) => r.id);
        await client.query("set enable_seqscan = on; set enable_indexscan = off");
        const viaScan = (await client.query(sql)).rows.map((r) => r.id);
        await client.query("reset enable_indexscan");
        expect(viaIndex, sql).toEqual(viaScan);
        expect(viaIndex).toHaveLength(15);
      }
    } finally {
      await client.end();
    }
  });

  it("calls every function of the library with pgvector's results", async () => {
    const checks: [string, unknown][] = [
      ["select '[1,2,3]'::vector::text", "[1,2,3]"],
      ["select ' [ 1.5 , -2e-3,3 ] '::vector::text", "[1.5,-0.002,3]"],
      ["select '[1,2,3]'::vector(3)::text", "[1,2,3]"],
      ["select l2_distance('[0,0]'::vector, '[3,4]')", 5],
      ["select '[0,0]'::vector <-> '[3,4]'", 5],
      ["select inner_product('[1,2]'::vector, '[3,4]')", 11],
      ["select '[1,2]'::vector <#> '[3,4]'", -11],
      ["select cosine_distance('[1,0]'::vector, '[0,1]')", 1],
      ["select '[1,1]'::vector <=> '[2,2]'", 0],
      ["select l1_distance('[1,2]'::vector, '[4,6]')", 7],
      ["select '[1,2]'::vector <+> '[4,6]'", 7],
      ["select vector_dims('[1,2,3]'::vector)", 3],
      ["select vector_norm('[3,4]'::vector)", 5],
      ["select l2_normalize('[3,4]'::vector)::text", "[0.6,0.8]"],
      ["select binary_quantize('[1,-2,0,4]'::vector)::text", "1001"],
      ["select subvector('[1,2,3,4,5]'::vector, 2, 3)::text", "[2,3,4]"],
      ["select ('[1,2]'::vector + '[3,4]')::text", "[4,6]"],
      ["select ('[1,2]'::vector - '[3,4]')::text", "[-2,-2]"],
      ["select ('[1,2]'::vector * '[3,4]')::text", "[3,8]"],
      ["select ('[1,2]'::vector || '[3]')::text", "[1,2,3]"],
      ["select '[1,2]'::vector < '[1,3]'", true],
      ["select '[1,2]'::vector <= '[1,2]'", true],
      ["select '[1,2]'::vector = '[1,2]'", true],
      ["select '[1,2]'::vector <> '[1,2]'", false],
      ["select '[2]'::vector >= '[1,9]'", true],
      ["select '[1,2,3]'::vector > '[1,2]'", true],
      ["select vector_cmp('[1,2]'::vector, '[1,3]')", -1],
      ["select vector_l2_squared_distance('[0,0]'::vector, '[3,4]')", 25],
      ["select vector_negative_inner_product('[1,2]'::vector, '[3,4]')", -11],
      ["select round(vector_spherical_distance('[1,0]'::vector, '[0,1]')::numeric, 6)", "0.500000"],
      ["select avg(v)::text from (values ('[1,2]'::vector), ('[3,6]')) t(v)", "[2,4]"],
      ["select sum(v)::text from (values ('[1,2]'::vector), ('[3,6]')) t(v)", "[4,8]"],
      ["select avg(v) from (select '[1]'::vector as v where false) t", null],
      ["select array[1,2,3]::vector::text", "[1,2,3]"],
      ["select array[1.5,2]::real[]::vector::text", "[1.5,2]"],
      ["select array[1.5,2]::double precision[]::vector::text", "[1.5,2]"],
      ["select array[1.5,2]::numeric[]::vector::text", "[1.5,2]"],
      ["select '[1,2]'::vector::real[]", [1, 2]],
      ["select '[1,2,3]'::vector::halfvec::text", "[1,2,3]"],
      ["select '[1.5,-2]'::halfvec::vector::text", "[1.5,-2]"],
      ["select '[0.1]'::halfvec::text", "[0.099975586]"],
      ["select l2_distance('[0,0]'::halfvec, '[3,4]')", 5],
      ["select inner_product('[1,2]'::halfvec, '[3,4]')", 11],
      ["select cosine_distance('[1,0]'::halfvec, '[0,1]')", 1],
      ["select l1_distance('[1,2]'::halfvec, '[4,6]')", 7],
      ["select '[1,2]'::halfvec <#> '[3,4]'", -11],
      ["select '[1,2]'::halfvec <+> '[4,6]'", 7],
      ["select vector_dims('[1,2,3]'::halfvec)", 3],
      ["select l2_norm('[3,4]'::halfvec)", 5],
      ["select l2_normalize('[3,4]'::halfvec)::text", "[0.60009766,0.7998047]"],
      ["select binary_quantize('[1,-1]'::halfvec)::text", "10"],
      ["select subvector('[1,2,3]'::halfvec, 2, 5)::text", "[2,3]"],
      ["select ('[1,2]'::halfvec + '[3,4]')::text", "[4,6]"],
      ["select ('[1,2]'::halfvec - '[3,4]')::text", "[-2,-2]"],
      ["select ('[1,2]'::halfvec * '[3,4]')::text", "[3,8]"],
      ["select ('[1]'::halfvec || '[2]')::text", "[1,2]"],
      ["select halfvec_cmp('[1,2]'::halfvec, '[1,2]')", 0],
      ["select '[1]'::halfvec < '[2]' and '[2]'::halfvec > '[1]' and '[1]'::halfvec = '[1]'", true],
      ["select avg(v)::text from (values ('[1,2]'::halfvec), ('[3,6]')) t(v)", "[2,4]"],
      ["select sum(v)::text from (values ('[1,2]'::halfvec), ('[3,6]')) t(v)", "[4,8]"],
      ["select array[1,2]::halfvec::text", "[1,2]"],
      ["select '[1,2]'::halfvec::real[]", [1, 2]],
      ["select '{1:1.5,3:2}/5'::sparsevec::text", "{1:1.5,3:2}/5"],
      ["select '{3:2, 1:1.5, 2:0}/5'::sparsevec::text", "{1:1.5,3:2}/5"],
      ["select '[0,1.5,0]'::vector::sparsevec::text", "{2:1.5}/3"],
      ["select '{2:1.5}/3'::sparsevec::vector::text", "[0,1.5,0]"],
      ["select l2_distance('{1:3}/2'::sparsevec, '{2:4}/2')", 5],
      ["select inner_product('{1:1,2:2}/2'::sparsevec, '{1:3,2:4}/2')", 11],
      ["select cosine_distance('{1:1}/2'::sparsevec, '{2:1}/2')", 1],
      ["select l1_distance('{1:1}/2'::sparsevec, '{2:1}/2')", 2],
      ["select '{1:1}/2'::sparsevec <#> '{1:3}/2'", -3],
      ["select l2_norm('{1:3,2:4}/2'::sparsevec)", 5],
      ["select l2_normalize('{1:3,2:4}/2'::sparsevec)::text", "{1:0.6,2:0.8}/2"],
      ["select '{1:1}/2'::sparsevec < '{1:2}/2' and '{1:1}/2'::sparsevec = '{1:1}/2'", true],
      ["select sparsevec_cmp('{1:1}/2'::sparsevec, '{2:1}/2')", 1],
      ["select hamming_distance('101'::bit(3), '011')", 2],
      ["select '101'::bit(3) <~> '011'", 2],
      ["select jaccard_distance('1100'::bit(4), '1010')", 1 - 1 / 3],
      ["select '1100'::bit(4) <%> '1100'", 0],
    ];
    for (const [sql, expected] of checks) {
      const [row] = await stack.sql(sql);
      const value = Object.values(row)[0];
      if (typeof expected === "number") expect(value, sql).toBeCloseTo(expected, 9);
      else expect(value, sql).toEqual(expected);
    }
  });

  it("refuses bad input with pgvector's messages", async () => {
    const errors: [string, string][] = [
      ["select '1,2'::vector", 'invalid input syntax for type vector: "1,2"'],
      ["select '[]'::vector", "vector must have at least 1 dimension"],
      ["select '[1,2]'::vector(3)", "expected 3 dimensions, not 2"],
      ["select '[NaN]'::vector", "NaN not allowed in vector"],
      ["select '[1e40]'::vector", '"1e40" is out of range for type vector'],
      ["select '[1,2] x'::vector", 'invalid input syntax for type vector: "[1,2] x"'],
      ["select '[1,2]'::vector <-> '[1,2,3]'", "different vector dimensions 2 and 3"],
      ["create table bad (v vector(0))", "dimensions for type vector must be at least 1"],
      ["create table bad (v vector(16001))", "dimensions for type vector cannot exceed 16000"],
      ["select '[1e5]'::halfvec", '"100000" is out of range for type halfvec'],
      ["select '{1:1,1:2}/3'::sparsevec", "indices must not contain duplicates"],
      ["select '{4:1}/3'::sparsevec", "index out of bounds"],
      ["select array[1,null]::int[]::vector", "array must not contain nulls"],
      [
        "select '[1]'::vector, set_config('hnsw.ef_search', '0', false)",
        '0 is outside the valid range for parameter "hnsw.ef_search" (1 .. 1000)',
      ],
      [
        "create index on public.documents using hnsw (embedding vector_l2_ops) with (m = 40, ef_construction = 50)",
        "ef_construction must be greater than or equal to 2 * m",
      ],
      [
        "create index on public.documents using ivfflat (embedding vector_l2_ops) with (lists = 0)",
        'value 0 out of bounds for option "lists"',
      ],
      [
        "create index on public.documents using hnsw (embedding vector_l2_ops) with (nope = 1)",
        'unrecognized parameter "nope"',
      ],
    ];
    for (const [sql, message] of errors) {
      const outcome = await stack.sql(sql).then(
        () => "accepted",
        (err: Error) => err.message,
      );
      expect(outcome, sql).toBe(message);
    }
  });

  it("speaks pgvector's binary format both ways (COPY BINARY) and keeps hnsw.ef_search and ivfflat.probes", async () => {
    const [sent] = await stack.sql(
      "select vector_send('[1,-2]'::vector) as v, halfvec_send('[1]'::halfvec) as h, sparsevec_send('{2:1}/3'::sparsevec) as s",
    );
    expect((sent.v as Buffer).toString("hex")).toBe("000200003f800000c0000000");
    expect((sent.h as Buffer).toString("hex")).toBe("000100003c00");
    expect((sent.s as Buffer).toString("hex")).toBe("00000003000000010000000000000001" + "3f800000");
    await stack.sql("create table bin_src (v vector(2), h halfvec(2), s sparsevec(3))");
    await stack.sql("insert into bin_src values ('[1.25,-2]', '[0.5,8]', '{1:3}/3')");
    const [{ dir }] = await stack.sql("select current_setting('data_directory') as dir");
    const file = `${dir}/opsdesk-vector-test-${process.pid}.bin`;
    await stack.sql(`copy bin_src to '${file}' with (format binary)`);
    await stack.sql("create table bin_dst (like bin_src)");
    await stack.sql(`copy bin_dst from '${file}' with (format binary)`);
    const [row] = await stack.sql("select v::text, h::text, s::text from bin_dst");
    expect(row).toEqual({ v: "[1.25,-2]", h: "[0.5,8]", s: "{1:3}/3" });
    const [gucs] = await stack.sql(
      "select set_config('hnsw.ef_search', '200', false) as e, set_config('ivfflat.probes', '7', false) as p",
    );
    expect(gucs).toEqual({ e: "200", p: "7" });
  });
});
