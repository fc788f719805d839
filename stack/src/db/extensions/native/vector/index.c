/*
 * The `hnsw` and `ivfflat` access methods of the stack's pgvector: exact indexes.
 *
 * Neither graph nor lists are built. Each access method is PostgreSQL's own GiST,
 * taken at run time from gisthandler() with only its reloption parser replaced
 * (m/ef_construction, lists), and the operator classes keep, per vector, a compact
 * key from which a LOWER BOUND of every distance is computed: the first K
 * coordinates (whose boxes make the tree), an int8 code of the whole vector with
 * the norm of its rounding error, and for the inner product the norm of the rest.
 * GiST's ordered scan returns rows by that bound with `recheck` set, and the
 * executor computes each row's true distance and reorders, so `ORDER BY embedding
 * <=> $1 LIMIT k` through the index returns exactly what a sequential scan would:
 * recall 1.0, whatever hnsw.ef_search or ivfflat.probes say.
 *
 * The routine GiST returns is a server struct whose layout this library assumes;
 * before touching it, every function pointer of it is compared with the address
 * of the server's own GiST function it must hold, and a mismatch refuses the index
 * with an error instead of guessing. See docs/extensions-native.md.
 */
#include "vec.h"
#include <stdlib.h>

float *halfvec_floats(const HalfVector *v);

/* ---- GUCs of pgvector: accepted and validated; results are exact regardless ---- */
static int hnsw_ef_search = 40;
static int hnsw_iterative_scan = 0;
static int hnsw_max_scan_tuples = 20000;
static double hnsw_scan_mem_multiplier = 1;
static int ivfflat_probes = 1;
static int ivfflat_iterative_scan = 0;
static int ivfflat_max_probes = 32768;
static relopt_kind hnsw_relopt_kind;
static relopt_kind ivfflat_relopt_kind;

static const struct config_enum_entry hnsw_iterative_options[] = {
	{"off", 0, false}, {"relaxed_order", 1, false}, {"strict_order", 2, false}, {NULL, 0, false}};
static const struct config_enum_entry ivfflat_iterative_options[] = {
	{"off", 0, false}, {"relaxed_order", 1, false}, {NULL, 0, false}};

extern PGDLLEXPORT void _PG_init(void);
void _PG_init(void)
{
	DefineCustomIntVariable("hnsw.ef_search", "Sets the size of the dynamic candidate list for search",
				"Valid range is 1..1000. The stack's index is exact; the value does not change results.",
				&hnsw_ef_search, 40, 1, 1000, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomEnumVariable("hnsw.iterative_scan", "Sets the mode for iterative scans", NULL, &hnsw_iterative_scan, 0,
				 hnsw_iterative_options, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("hnsw.max_scan_tuples", "Sets the max number of tuples to visit for iterative scans", NULL,
				&hnsw_max_scan_tuples, 20000, 1, INT_MAX, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomRealVariable("hnsw.scan_mem_multiplier",
				 "Sets the multiple of work_mem to use for iterative scans", NULL,
				 &hnsw_scan_mem_multiplier, 1, 1, 1000, PGC_USERSET, 0, NULL, NULL, NULL);
	MarkGUCPrefixReserved("hnsw");
	DefineCustomIntVariable("ivfflat.probes", "Sets the number of probes",
				"Valid range is 1..lists. The stack's index is exact; the value does not change results.",
				&ivfflat_probes, 1, 1, 32768, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomEnumVariable("ivfflat.iterative_scan", "Sets the mode for iterative scans", NULL,
				 &ivfflat_iterative_scan, 0, ivfflat_iterative_options, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("ivfflat.max_probes", "Sets the max number of probes for iterative scans", NULL,
				&ivfflat_max_probes, 32768, 1, 32768, PGC_USERSET, 0, NULL, NULL, NULL);
	MarkGUCPrefixReserved("ivfflat");

	hnsw_relopt_kind = add_reloption_kind();
	add_int_reloption(hnsw_relopt_kind, "m", "Max number of connections", 16, 2, 100, AccessExclusiveLock);
	add_int_reloption(hnsw_relopt_kind, "ef_construction", "Size of the dynamic candidate list for construction", 64,
			  4, 1000, AccessExclusiveLock);
	ivfflat_relopt_kind = add_reloption_kind();
	add_int_reloption(ivfflat_relopt_kind, "lists", "Number of inverted lists", 100, 1, 32768, AccessExclusiveLock);
}

/* ---- the access methods: GiST's routine with our reloptions ---- */

/* GiST's reloptions (GiSTOptions) first, as GiST reads them from the index, then ours. */
typedef struct
{
	int32 vl_len_;
	int fillfactor;
	int buffering_mode;
	int m;
	int ef_construction;
	int lists;
} VecIndexOptions;
#define GIST_DEFAULT_FILLFACTOR 90
#define GIST_BUFFERING_AUTO 0

static bytea *finish_options(VecIndexOptions *options)
{
	if (options != NULL)
	{
		options->fillfactor = GIST_DEFAULT_FILLFACTOR;
		options->buffering_mode = GIST_BUFFERING_AUTO;
	}
	return (bytea *)options;
}

static bytea *hnsw_options(Datum reloptions, bool validate)
{
	static const relopt_parse_elt table[] = {
		{"m", RELOPT_TYPE_INT, offsetof(VecIndexOptions, m)},
		{"ef_construction", RELOPT_TYPE_INT, offsetof(VecIndexOptions, ef_construction)},
	};
	VecIndexOptions *options =
		build_reloptions(reloptions, validate, hnsw_relopt_kind, sizeof(VecIndexOptions), table, 2);
	if (options != NULL && validate && options->ef_construction < 2 * options->m)
		ereport(ERROR, errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			errmsg("ef_construction must be greater than or equal to 2 * m"));
	return finish_options(options);
}

static bytea *ivfflat_options(Datum reloptions, bool validate)
{
	static const relopt_parse_elt table[] = {{"lists", RELOPT_TYPE_INT, offsetof(VecIndexOptions, lists)}};
	return finish_options(build_reloptions(reloptions, validate, ivfflat_relopt_kind, sizeof(VecIndexOptions), table, 1));
}

/* The server's GiST entry points: their addresses verify the routine's layout. */
extern Datum gisthandler(PG_FUNCTION_ARGS);
extern void gistbuild(void);
extern void gistbuildempty(void);
extern void gistinsert(void);
extern void gistbulkdelete(void);
extern void gistvacuumcleanup(void);
extern void gistcanreturn(void);
extern void gistcostestimate(void);
extern void gistoptions(void);
extern void gistproperty(void);
extern void gistvalidate(void);
extern void gistadjustmembers(void);
extern void gistbeginscan(void);
extern void gistrescan(void);
extern void gistgettuple(void);
extern void gistgetbitmap(void);
extern void gistendscan(void);

/* Offsets of IndexAmRoutine's members in PostgreSQL 17 (access/amapi.h). */
#define AM_OFFSET_AMCANORDERBYOP 11
#define AM_OFFSET_FUNCTIONS 32
#define AM_OFFSET_AMOPTIONS 96
static const struct
{
	int offset;
	void (*expected)(void);
	const char *name;
} gist_routine_layout[] = {
	{32, gistbuild, "ambuild"}, {40, gistbuildempty, "ambuildempty"}, {48, gistinsert, "aminsert"},
	{64, gistbulkdelete, "ambulkdelete"}, {72, gistvacuumcleanup, "amvacuumcleanup"},
	{80, gistcanreturn, "amcanreturn"}, {88, gistcostestimate, "amcostestimate"}, {96, gistoptions, "amoptions"},
	{104, gistproperty, "amproperty"}, {120, gistvalidate, "amvalidate"}, {128, gistadjustmembers, "amadjustmembers"},
	{136, gistbeginscan, "ambeginscan"}, {144, gistrescan, "amrescan"}, {152, gistgettuple, "amgettuple"},
	{160, gistgetbitmap, "amgetbitmap"}, {168, gistendscan, "amendscan"},
};

static Datum exact_index_routine(const char *am, bytea *(*options)(Datum, bool))
{
	char *routine = DatumGetPointer(DirectFunctionCall1(gisthandler, (Datum)0));
	for (size_t i = 0; i < sizeof gist_routine_layout / sizeof gist_routine_layout[0]; i++)
	{
		void *held;
		memcpy(&held, routine + gist_routine_layout[i].offset, sizeof held);
		if (held != (void *)gist_routine_layout[i].expected)
			ereport(ERROR, errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				errmsg("%s index: this server's index access method interface differs from PostgreSQL 17's", am),
				errdetail("IndexAmRoutine.%s at offset %d does not hold GiST's function.",
					  gist_routine_layout[i].name, gist_routine_layout[i].offset),
				errhint("The stack's native extensions are built for embedded PostgreSQL 17."));
	}
	if (routine[AM_OFFSET_AMCANORDERBYOP] != 1)
		ereport(ERROR, errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			errmsg("%s index: GiST of this server cannot order by distance", am));
	void *ours = (void *)options;
	memcpy(routine + AM_OFFSET_AMOPTIONS, &ours, sizeof ours);
	PG_RETURN_POINTER(routine);
}

PG_FUNCTION_INFO_V1(hnswhandler);
Datum hnswhandler(PG_FUNCTION_ARGS)
{
	return exact_index_routine("hnsw", hnsw_options);
}

PG_FUNCTION_INFO_V1(ivfflathandler);
Datum ivfflathandler(PG_FUNCTION_ARGS)
{
	return exact_index_routine("ivfflat", ivfflat_options);
}

/* ---- keys ---- */

enum { METRIC_L2 = 1, METRIC_IP, METRIC_COSINE, METRIC_L1, METRIC_HAMMING, METRIC_JACCARD };
enum { KEY_LEAF = 1, KEY_INNER = 2 };
enum { CODE_NONE = 0, CODE_DENSE = 1, CODE_SPARSE = 2, CODE_BITS = 3 };
#define BOX_DIMS 8
#define SPARSE_KEPT 96

typedef struct
{
	int32 vl_len_;
	uint8 kind;
	uint8 metric;
	uint8 code;	/* what follows the box in a leaf */
	uint8 zero;	/* a zero vector under the cosine metric: its distance is NaN */
	int32 k;	/* box dimensions */
	int32 dim;	/* dimensions of the vector */
	int32 count;	/* dense: dim; sparse: entries kept; bits: bytes */
	float rest;	/* inner product: norm of the coordinates past the box (inner: the max) */
	float scale;	/* dense code: value of one step */
	float err2;	/* norm (L2) of what the code leaves out, rounded up */
	float err1;	/* the same in L1 */
	float box[];	/* leaf: k coordinates; inner: k lows then k highs */
} IndexKey;

#define KEY_BOX_FLOATS(key) ((key)->kind == KEY_LEAF ? (key)->k : 2 * (key)->k)
#define KEY_PAYLOAD(key) ((char *)((key)->box + KEY_BOX_FLOATS(key)))

static IndexKey *key_of(Datum d)
{
	return (IndexKey *)pg_detoast_datum((struct varlena *)DatumGetPointer(d));
}

static IndexKey *new_key(int kind, int metric, int k, size_t payload)
{
	size_t size = offsetof(IndexKey, box) + sizeof(float) * (size_t)(kind == KEY_LEAF ? k : 2 * k) + payload;
	IndexKey *key = palloc0(size);
	SET_VARSIZE(key, size);
	key->kind = (uint8)kind;
	key->metric = (uint8)metric;
	key->k = k;
	return key;
}

static double round_up(double v)
{
	return v * (1 + 1e-6) + 1e-30;
}

/* A leaf key of a dense vector (already normalised for the cosine metric). */
static IndexKey *dense_leaf(const float *x, int dim, int metric, bool zero)
{
	int k = dim < BOX_DIMS ? dim : BOX_DIMS;
	IndexKey *key = new_key(KEY_LEAF, metric, k, (size_t)dim);
	key->code = CODE_DENSE;
	key->zero = zero;
	key->dim = dim;
	key->count = dim;
	double maxabs = 0, rest = 0;
	for (int i = 0; i < dim; i++)
	{
		if (fabs(x[i]) > maxabs)
			maxabs = fabs(x[i]);
		if (i >= k)
			rest += (double)x[i] * x[i];
	}
	for (int i = 0; i < k; i++)
		key->box[i] = x[i];
	key->rest = (float)round_up(sqrt(rest));
	float scale = maxabs > 0 ? (float)(maxabs / 127) : 1;
	int8 *code = (int8 *)KEY_PAYLOAD(key);
	double err2 = 0, err1 = 0;
	for (int i = 0; i < dim; i++)
	{
		double c = nearbyint((double)x[i] / scale);
		if (c > 127)
			c = 127;
		else if (c < -127)
			c = -127;
		code[i] = (int8)c;
		double e = (double)x[i] - (double)scale * c;
		err2 += e * e;
		err1 += fabs(e);
	}
	key->scale = scale;
	key->err2 = (float)round_up(sqrt(err2));
	key->err1 = (float)round_up(err1);
	return key;
}

static void check_index_dims(int dim, int max, const char *type)
{
	if (dim > max)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("column cannot have more than %d dimensions for hnsw or ivfflat index", max),
			errdetail("A %s of %d dimensions was given.", type, dim));
}

static float *normalized(const float *x, int dim, bool *zero)
{
	double n = 0;
	for (int i = 0; i < dim; i++)
		n += (double)x[i] * x[i];
	n = sqrt(n);
	float *r = palloc(sizeof(float) * (size_t)dim);
	for (int i = 0; i < dim; i++)
		r[i] = n > 0 ? (float)(x[i] / n) : 0;
	*zero = !(n > 0);
	return r;
}

static GISTENTRY *leaf_entry(GISTENTRY *entry, IndexKey *key)
{
	GISTENTRY *r = palloc(sizeof(GISTENTRY));
	r->key = PointerGetDatum(key);
	r->rel = entry->rel;
	r->page = entry->page;
	r->offset = entry->offset;
	r->leafkey = false;
	return r;
}

static Datum compress_dense(FunctionCallInfo fcinfo, int metric, bool half)
{
	GISTENTRY *entry = (GISTENTRY *)PG_GETARG_POINTER(0);
	if (!entry->leafkey)
		PG_RETURN_POINTER(entry);
	const float *x;
	int dim;
	if (half)
	{
		HalfVector *v = (HalfVector *)PG_DETOAST(entry->key);
		check_index_dims(v->dim, HALFVEC_INDEX_MAX_DIM, "halfvec");
		x = halfvec_floats(v);
		dim = v->dim;
	}
	else
	{
		Vector *v = (Vector *)PG_DETOAST(entry->key);
		check_index_dims(v->dim, INDEX_MAX_DIM, "vector");
		x = v->x;
		dim = v->dim;
	}
	bool zero = false;
	if (metric == METRIC_COSINE)
		x = normalized(x, dim, &zero);
	PG_RETURN_POINTER(leaf_entry(entry, dense_leaf(x, dim, metric, zero)));
}

#define COMPRESS(name, metric, half) \
	PG_FUNCTION_INFO_V1(name); \
	Datum name(PG_FUNCTION_ARGS) { return compress_dense(fcinfo, metric, half); }
COMPRESS(vector_index_compress_l2, METRIC_L2, false)
COMPRESS(vector_index_compress_ip, METRIC_IP, false)
COMPRESS(vector_index_compress_cosine, METRIC_COSINE, false)
COMPRESS(vector_index_compress_l1, METRIC_L1, false)
COMPRESS(halfvec_index_compress_l2, METRIC_L2, true)
COMPRESS(halfvec_index_compress_ip, METRIC_IP, true)
COMPRESS(halfvec_index_compress_cosine, METRIC_COSINE, true)
COMPRESS(halfvec_index_compress_l1, METRIC_L1, true)

/* Sparse leaves keep the largest entries exactly and the norms of the rest. */
typedef struct
{
	int32 index;
	float value;
} KeptEntry;

static int by_magnitude(const void *a, const void *b)
{
	float x = fabsf(((const KeptEntry *)a)->value), y = fabsf(((const KeptEntry *)b)->value);
	return x > y ? -1 : x < y ? 1 : 0;
}

static int by_index(const void *a, const void *b)
{
	int32 x = ((const KeptEntry *)a)->index, y = ((const KeptEntry *)b)->index;
	return x < y ? -1 : x > y ? 1 : 0;
}

static Datum compress_sparse(FunctionCallInfo fcinfo, int metric)
{
	GISTENTRY *entry = (GISTENTRY *)PG_GETARG_POINTER(0);
	if (!entry->leafkey)
		PG_RETURN_POINTER(entry);
	SparseVector *v = (SparseVector *)PG_DETOAST(entry->key);
	if (v->nnz > SPARSEVEC_INDEX_MAX_NNZ)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("sparsevec cannot have more than %d non-zero elements for hnsw index", SPARSEVEC_INDEX_MAX_NNZ));
	const float *values = SPARSEVEC_VALUES(v);
	KeptEntry *entries = palloc(sizeof(KeptEntry) * (size_t)(v->nnz + 1));
	double n = 0;
	for (int i = 0; i < v->nnz; i++)
		n += (double)values[i] * values[i];
	n = sqrt(n);
	for (int i = 0; i < v->nnz; i++)
	{
		entries[i].index = v->indices[i];
		entries[i].value = metric == METRIC_COSINE ? (float)(values[i] / n) : values[i];
	}
	qsort(entries, (size_t)v->nnz, sizeof(KeptEntry), by_magnitude);
	int kept = v->nnz < SPARSE_KEPT ? v->nnz : SPARSE_KEPT;
	double err2 = 0, err1 = 0;
	for (int i = kept; i < v->nnz; i++)
	{
		err2 += (double)entries[i].value * entries[i].value;
		err1 += fabs(entries[i].value);
	}
	qsort(entries, (size_t)kept, sizeof(KeptEntry), by_index);
	IndexKey *key = new_key(KEY_LEAF, metric, 0, sizeof(KeptEntry) * (size_t)kept);
	key->code = CODE_SPARSE;
	key->zero = metric == METRIC_COSINE && !(n > 0);
	key->dim = v->dim;
	key->count = kept;
	key->err2 = (float)round_up(sqrt(err2));
	key->err1 = (float)round_up(err1);
	memcpy(KEY_PAYLOAD(key), entries, sizeof(KeptEntry) * (size_t)kept);
	PG_RETURN_POINTER(leaf_entry(entry, key));
}

PG_FUNCTION_INFO_V1(sparsevec_index_compress_l2);
Datum sparsevec_index_compress_l2(PG_FUNCTION_ARGS) { return compress_sparse(fcinfo, METRIC_L2); }
PG_FUNCTION_INFO_V1(sparsevec_index_compress_ip);
Datum sparsevec_index_compress_ip(PG_FUNCTION_ARGS) { return compress_sparse(fcinfo, METRIC_IP); }
PG_FUNCTION_INFO_V1(sparsevec_index_compress_cosine);
Datum sparsevec_index_compress_cosine(PG_FUNCTION_ARGS) { return compress_sparse(fcinfo, METRIC_COSINE); }
PG_FUNCTION_INFO_V1(sparsevec_index_compress_l1);
Datum sparsevec_index_compress_l1(PG_FUNCTION_ARGS) { return compress_sparse(fcinfo, METRIC_L1); }

/* Bit leaves keep the bits (the distance from them is exact). */
static Datum compress_bits(FunctionCallInfo fcinfo, int metric)
{
	GISTENTRY *entry = (GISTENTRY *)PG_GETARG_POINTER(0);
	if (!entry->leafkey)
		PG_RETURN_POINTER(entry);
	VarBit *v = (VarBit *)PG_DETOAST(entry->key);
	check_index_dims(v->bit_len, BIT_INDEX_MAX_DIM, "bit string");
	int bytes = VARBITBYTES(v->bit_len);
	IndexKey *key = new_key(KEY_LEAF, metric, 0, (size_t)bytes);
	key->code = CODE_BITS;
	key->dim = v->bit_len;
	key->count = bytes;
	memcpy(KEY_PAYLOAD(key), v->bit_dat, (size_t)bytes);
	PG_RETURN_POINTER(leaf_entry(entry, key));
}

PG_FUNCTION_INFO_V1(bit_index_compress_hamming);
Datum bit_index_compress_hamming(PG_FUNCTION_ARGS) { return compress_bits(fcinfo, METRIC_HAMMING); }
PG_FUNCTION_INFO_V1(bit_index_compress_jaccard);
Datum bit_index_compress_jaccard(PG_FUNCTION_ARGS) { return compress_bits(fcinfo, METRIC_JACCARD); }

/* ---- GiST's tree: boxes over the first K coordinates ---- */

static const float *key_low(const IndexKey *key) { return key->box; }
static const float *key_high(const IndexKey *key) { return key->kind == KEY_LEAF ? key->box : key->box + key->k; }

PG_FUNCTION_INFO_V1(vector_index_union);
Datum vector_index_union(PG_FUNCTION_ARGS)
{
	GistEntryVector *entries = (GistEntryVector *)PG_GETARG_POINTER(0);
	int *size = (int *)PG_GETARG_POINTER(1);
	IndexKey *first = key_of(entries->vector[0].key);
	int k = first->k;
	for (int i = 1; i < entries->n; i++)
	{
		int other = key_of(entries->vector[i].key)->k;
		if (other < k)
			k = other;
	}
	IndexKey *u = new_key(KEY_INNER, first->metric, k, 0);
	for (int d = 0; d < k; d++)
	{
		u->box[d] = INFINITY;
		u->box[k + d] = -INFINITY;
	}
	u->rest = 0;
	for (int i = 0; i < entries->n; i++)
	{
		IndexKey *key = key_of(entries->vector[i].key);
		const float *lo = key_low(key), *hi = key_high(key);
		for (int d = 0; d < k; d++)
		{
			if (lo[d] < u->box[d])
				u->box[d] = lo[d];
			if (hi[d] > u->box[k + d])
				u->box[k + d] = hi[d];
		}
		/* Coordinates past k of a key with a longer box count into the rest. */
		double rest = (double)key->rest * key->rest;
		for (int d = k; d < key->k; d++)
			rest += fmax((double)lo[d] * lo[d], (double)hi[d] * hi[d]);
		float r = (float)round_up(sqrt(rest));
		if (r > u->rest)
			u->rest = r;
	}
	*size = (int)VARSIZE(u);
	PG_RETURN_POINTER(u);
}

PG_FUNCTION_INFO_V1(vector_index_penalty);
Datum vector_index_penalty(PG_FUNCTION_ARGS)
{
	IndexKey *orig = key_of(((GISTENTRY *)PG_GETARG_POINTER(0))->key);
	IndexKey *add = key_of(((GISTENTRY *)PG_GETARG_POINTER(1))->key);
	float *penalty = (float *)PG_GETARG_POINTER(2);
	int k = orig->k < add->k ? orig->k : add->k;
	double grow = 0;
	for (int d = 0; d < k; d++)
	{
		double lo = fmin(key_low(orig)[d], key_low(add)[d]);
		double hi = fmax(key_high(orig)[d], key_high(add)[d]);
		grow += (hi - lo) - ((double)key_high(orig)[d] - key_low(orig)[d]);
	}
	*penalty = (float)grow;
	PG_RETURN_POINTER(penalty);
}

typedef struct
{
	OffsetNumber offset;
	double center;
} SplitItem;

static int by_center(const void *a, const void *b)
{
	double x = ((const SplitItem *)a)->center, y = ((const SplitItem *)b)->center;
	return x < y ? -1 : x > y ? 1 : 0;
}

/* Splits at the median of the box coordinate whose centres spread widest. */
PG_FUNCTION_INFO_V1(vector_index_picksplit);
Datum vector_index_picksplit(PG_FUNCTION_ARGS)
{
	GistEntryVector *entries = (GistEntryVector *)PG_GETARG_POINTER(0);
	GIST_SPLITVEC *split = (GIST_SPLITVEC *)PG_GETARG_POINTER(1);
	int n = entries->n - FirstOffsetNumber;
	IndexKey **keys = palloc(sizeof(IndexKey *) * (size_t)entries->n);
	int k = INT_MAX;
	for (OffsetNumber i = FirstOffsetNumber; i < entries->n; i++)
	{
		keys[i] = key_of(entries->vector[i].key);
		if (keys[i]->k < k)
			k = keys[i]->k;
	}
	int best = 0;
	double best_spread = -1;
	for (int d = 0; d < k; d++)
	{
		double lo = INFINITY, hi = -INFINITY;
		for (OffsetNumber i = FirstOffsetNumber; i < entries->n; i++)
		{
			double c = ((double)key_low(keys[i])[d] + key_high(keys[i])[d]) / 2;
			lo = fmin(lo, c);
			hi = fmax(hi, c);
		}
		if (hi - lo > best_spread)
		{
			best_spread = hi - lo;
			best = d;
		}
	}
	SplitItem *items = palloc(sizeof(SplitItem) * (size_t)n);
	for (int j = 0; j < n; j++)
	{
		OffsetNumber i = (OffsetNumber)(j + FirstOffsetNumber);
		items[j].offset = i;
		items[j].center = k > 0 ? ((double)key_low(keys[i])[best] + key_high(keys[i])[best]) / 2 : j;
	}
	qsort(items, (size_t)n, sizeof(SplitItem), by_center);
	int half = n / 2;
	split->spl_left = palloc(sizeof(OffsetNumber) * (size_t)(n + 1));
	split->spl_right = palloc(sizeof(OffsetNumber) * (size_t)(n + 1));
	split->spl_nleft = 0;
	split->spl_nright = 0;
	GistEntryVector *left = palloc(offsetof(GistEntryVector, vector) + sizeof(GISTENTRY) * (size_t)(n + 1));
	GistEntryVector *right = palloc(offsetof(GistEntryVector, vector) + sizeof(GISTENTRY) * (size_t)(n + 1));
	left->n = 0;
	right->n = 0;
	for (int j = 0; j < n; j++)
	{
		OffsetNumber i = items[j].offset;
		if (j < half)
		{
			split->spl_left[split->spl_nleft++] = i;
			left->vector[left->n++] = entries->vector[i];
		}
		else
		{
			split->spl_right[split->spl_nright++] = i;
			right->vector[right->n++] = entries->vector[i];
		}
	}
	int size;
	split->spl_ldatum = DirectFunctionCall3(vector_index_union, PointerGetDatum(left), PointerGetDatum(&size), 0);
	split->spl_rdatum = DirectFunctionCall3(vector_index_union, PointerGetDatum(right), PointerGetDatum(&size), 0);
	PG_RETURN_POINTER(split);
}

PG_FUNCTION_INFO_V1(vector_index_same);
Datum vector_index_same(PG_FUNCTION_ARGS)
{
	IndexKey *a = key_of(PG_GETARG_DATUM(0));
	IndexKey *b = key_of(PG_GETARG_DATUM(1));
	bool *result = (bool *)PG_GETARG_POINTER(2);
	*result = VARSIZE(a) == VARSIZE(b) && memcmp(a, b, VARSIZE(a)) == 0;
	PG_RETURN_POINTER(result);
}

/* No search operator uses these indexes; GiST requires the function all the same. */
PG_FUNCTION_INFO_V1(vector_index_consistent);
Datum vector_index_consistent(PG_FUNCTION_ARGS)
{
	bool *recheck = (bool *)PG_GETARG_POINTER(4);
	*recheck = true;
	PG_RETURN_BOOL(true);
}

/* ---- lower bounds ---- */

typedef struct
{
	const float *q; /* the query (normalised for the cosine metric) */
	int dim;
	double norm;	/* of q */
	double tails[BOX_DIMS + 1]; /* norm of q past the first k coordinates, per k */
	int metric;
	bool zero;	/* the query has no direction (cosine): every distance is NaN */
} Query;

/* The bound the box over the first k coordinates gives: a leaf's is never below its parents'. */
static double box_bound(const IndexKey *key, const Query *q)
{
	const float *lo = key_low(key), *hi = key_high(key);
	double sum = 0;
	int k = key->k;
	if (q->metric == METRIC_IP)
	{
		for (int d = 0; d < k; d++)
			sum += fmax((double)lo[d] * q->q[d], (double)hi[d] * q->q[d]);
		return -(sum + (double)key->rest * q->tails[k]);
	}
	for (int d = 0; d < k; d++)
	{
		double gap = fmax(fmax((double)lo[d] - q->q[d], 0), (double)q->q[d] - hi[d]);
		sum += q->metric == METRIC_L1 ? gap : gap * gap;
	}
	if (q->metric == METRIC_L2)
		return sqrt(sum);
	if (q->metric == METRIC_COSINE)
		return sum / 2;
	return sum;
}

static double dense_bound(const IndexKey *key, const Query *q)
{
	const int8 *code = (const int8 *)KEY_PAYLOAD(key);
	double s = key->scale;
	if (q->metric == METRIC_IP || q->metric == METRIC_COSINE)
	{
		double dot = 0;
		for (int i = 0; i < key->dim; i++)
			dot += code[i] * (double)q->q[i];
		dot *= s;
		if (q->metric == METRIC_IP)
			return -(dot + key->err2 * q->norm);
		return 1 - (dot + key->err2);
	}
	double sum = 0;
	for (int i = 0; i < key->dim; i++)
	{
		double diff = s * code[i] - q->q[i];
		sum += q->metric == METRIC_L1 ? fabs(diff) : diff * diff;
	}
	if (q->metric == METRIC_L1)
		return sum - key->err1;
	return sqrt(sum) - key->err2;
}

static double sparse_bound(const IndexKey *key, const SparseVector *query, const float *qvalues)
{
	const KeptEntry *kept = (const KeptEntry *)KEY_PAYLOAD(key);
	double dot = 0, l2 = 0, l1 = 0, qnorm = 0;
	int i = 0, j = 0;
	while (i < key->count || j < query->nnz)
	{
		double x = 0, y = 0;
		if (j >= query->nnz || (i < key->count && kept[i].index < query->indices[j]))
			x = kept[i++].value;
		else if (i >= key->count || query->indices[j] < kept[i].index)
			y = qvalues[j++];
		else
		{
			x = kept[i++].value;
			y = qvalues[j++];
		}
		dot += x * y;
		l2 += (x - y) * (x - y);
		l1 += fabs(x - y);
		qnorm += y * y;
	}
	switch (key->metric)
	{
	case METRIC_L2:
		return sqrt(l2) - key->err2;
	case METRIC_L1:
		return l1 - key->err1;
	case METRIC_IP:
		return -(dot + key->err2 * sqrt(qnorm));
	default: /* cosine: qvalues are normalised */
		return 1 - (dot + key->err2);
	}
}

static double bits_distance(const IndexKey *key, const VarBit *query)
{
	const bits8 *bits = (const bits8 *)KEY_PAYLOAD(key);
	uint64 diff = 0, both = 0, a = 0, b = 0;
	for (int i = 0; i < key->count; i++)
	{
		diff += (uint64)__builtin_popcount((unsigned)(bits[i] ^ query->bit_dat[i]));
		both += (uint64)__builtin_popcount((unsigned)(bits[i] & query->bit_dat[i]));
		a += (uint64)__builtin_popcount(bits[i]);
		b += (uint64)__builtin_popcount(query->bit_dat[i]);
	}
	if (key->metric == METRIC_HAMMING)
		return (double)diff;
	if (a == 0 && b == 0)
		return NAN;
	return 1 - (double)both / (double)(a + b - both);
}

/*
 * A bound a little below the computed one, so that the float rounding of the
 * operator that rechecks can never find a row closer than the index said. The
 * margin is monotone, so a leaf's bound stays at or above its parent's.
 */
static double with_margin(double bound)
{
	return bound - (1e-5 * fabs(bound) + 1e-5);
}

static double zero_metric_floor(int metric)
{
	return metric == METRIC_IP ? -INFINITY : 0;
}

/* The query as the bounds need it, kept across the calls of one scan (fn_extra). */
typedef struct
{
	int dim;
	float *original;
	Query query;
} QueryCache;

static Query *prepared_query(FunctionCallInfo fcinfo, const float *x, int dim, int metric)
{
	QueryCache *cache = (QueryCache *)fcinfo->flinfo->fn_extra;
	if (cache != NULL && cache->dim == dim && cache->query.metric == metric &&
	    memcmp(cache->original, x, sizeof(float) * (size_t)dim) == 0)
		return &cache->query;
	MemoryContext old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	if (cache == NULL)
		cache = palloc0(sizeof(QueryCache));
	else
	{
		pfree(cache->original);
		if (cache->query.q != cache->original)
			pfree((void *)cache->query.q);
	}
	cache->dim = dim;
	cache->original = palloc(sizeof(float) * (size_t)dim);
	memcpy(cache->original, x, sizeof(float) * (size_t)dim);
	Query *q = &cache->query;
	q->q = cache->original;
	q->dim = dim;
	q->metric = metric;
	q->zero = false;
	if (metric == METRIC_COSINE)
		q->q = normalized(x, dim, &q->zero);
	q->norm = 0;
	for (int i = 0; i < dim; i++)
		q->norm += (double)q->q[i] * q->q[i];
	q->norm = sqrt(q->norm);
	for (int k = 0; k <= BOX_DIMS; k++)
	{
		double tail = 0;
		for (int d = k; d < dim; d++)
			tail += (double)q->q[d] * q->q[d];
		q->tails[k] = sqrt(tail) * (1 + 1e-9);
	}
	fcinfo->flinfo->fn_extra = cache;
	MemoryContextSwitchTo(old);
	return q;
}

static Datum distance_dense(FunctionCallInfo fcinfo, bool half)
{
	GISTENTRY *entry = (GISTENTRY *)PG_GETARG_POINTER(0);
	bool *recheck = (bool *)PG_GETARG_POINTER(4);
	IndexKey *key = key_of(entry->key);
	const float *x;
	int dim;
	if (half)
	{
		HalfVector *v = (HalfVector *)PG_DETOAST(PG_GETARG_DATUM(1));
		x = halfvec_floats(v);
		dim = v->dim;
	}
	else
	{
		Vector *v = (Vector *)PG_DETOAST(PG_GETARG_DATUM(1));
		x = v->x;
		dim = v->dim;
	}
	Query *q = prepared_query(fcinfo, x, dim, key->metric);
	*recheck = true;
	if (key->kind == KEY_LEAF)
	{
		check_dims(key->dim, dim);
		if (q->zero || key->zero)
			PG_RETURN_FLOAT8(INFINITY); /* NaN distance: ordered last, as the operator's NaN */
		double bound = fmax(dense_bound(key, q), box_bound(key, q));
		PG_RETURN_FLOAT8(with_margin(bound));
	}
	if (q->zero)
		PG_RETURN_FLOAT8(zero_metric_floor(q->metric));
	PG_RETURN_FLOAT8(with_margin(box_bound(key, q)));
}

PG_FUNCTION_INFO_V1(vector_index_distance);
Datum vector_index_distance(PG_FUNCTION_ARGS) { return distance_dense(fcinfo, false); }
PG_FUNCTION_INFO_V1(halfvec_index_distance);
Datum halfvec_index_distance(PG_FUNCTION_ARGS) { return distance_dense(fcinfo, true); }

PG_FUNCTION_INFO_V1(sparsevec_index_distance);
Datum sparsevec_index_distance(PG_FUNCTION_ARGS)
{
	GISTENTRY *entry = (GISTENTRY *)PG_GETARG_POINTER(0);
	bool *recheck = (bool *)PG_GETARG_POINTER(4);
	IndexKey *key = key_of(entry->key);
	SparseVector *query = (SparseVector *)PG_DETOAST(PG_GETARG_DATUM(1));
	*recheck = true;
	if (key->kind != KEY_LEAF)
		PG_RETURN_FLOAT8(zero_metric_floor(key->metric));
	check_dims(key->dim, query->dim);
	const float *qv = SPARSEVEC_VALUES(query);
	double qn = 0;
	for (int i = 0; i < query->nnz; i++)
		qn += (double)qv[i] * qv[i];
	qn = sqrt(qn);
	if (key->metric == METRIC_COSINE)
	{
		if (key->zero || !(qn > 0))
			PG_RETURN_FLOAT8(INFINITY);
		float *unit = palloc(sizeof(float) * (size_t)(query->nnz + 1));
		for (int i = 0; i < query->nnz; i++)
			unit[i] = (float)(qv[i] / qn);
		qv = unit;
	}
	double bound = sparse_bound(key, query, qv);
	if (key->metric != METRIC_IP && bound < 0)
		bound = 0;
	PG_RETURN_FLOAT8(with_margin(bound));
}

PG_FUNCTION_INFO_V1(bit_index_distance);
Datum bit_index_distance(PG_FUNCTION_ARGS)
{
	GISTENTRY *entry = (GISTENTRY *)PG_GETARG_POINTER(0);
	bool *recheck = (bool *)PG_GETARG_POINTER(4);
	IndexKey *key = key_of(entry->key);
	VarBit *query = (VarBit *)PG_DETOAST(PG_GETARG_DATUM(1));
	if (key->kind != KEY_LEAF)
	{
		*recheck = true;
		PG_RETURN_FLOAT8(0);
	}
	if (key->dim != query->bit_len)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION),
			errmsg("different bit lengths %d and %d", key->dim, query->bit_len));
	double d = bits_distance(key, query);
	/* Exact, but NaN (two empty sets under jaccard) must sort last as the operator's. */
	*recheck = isnan(d);
	PG_RETURN_FLOAT8(isnan(d) ? INFINITY : d);
}
