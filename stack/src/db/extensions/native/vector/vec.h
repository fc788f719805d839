/*
 * Shared declarations of the stack's pgvector: the on-disk layouts of vector,
 * halfvec and sparsevec (the same as pgvector's, so values read and write the same
 * bytes), the dimension limits and the helpers every type file uses.
 * See docs/extensions-native.md.
 */
#ifndef OPSDESK_VEC_H
#define OPSDESK_VEC_H

#include "../abi/pg17.h"

#define VECTOR_MAX_DIM 16000
#define HALFVEC_MAX_DIM 16000
#define SPARSEVEC_MAX_DIM 1000000000
#define SPARSEVEC_MAX_NNZ 16000
/* What an index can hold (as pgvector's hnsw and ivfflat). */
#define INDEX_MAX_DIM 2000
#define HALFVEC_INDEX_MAX_DIM 4000
#define SPARSEVEC_INDEX_MAX_NNZ 1000
#define BIT_INDEX_MAX_DIM 64000

typedef struct Vector
{
	int32 vl_len_;
	int16 dim;
	int16 unused;
	float x[];
} Vector;

typedef uint16 half;
typedef struct HalfVector
{
	int32 vl_len_;
	int16 dim;
	int16 unused;
	half x[];
} HalfVector;

typedef struct SparseVector
{
	int32 vl_len_;
	int32 dim;
	int32 nnz;
	int32 unused;
	int32 indices[];
	/* float values[nnz] follow the indices */
} SparseVector;
#define SPARSEVEC_VALUES(v) ((float *)((char *)(v)->indices + (size_t)(v)->nnz * sizeof(int32)))

typedef struct VarBit
{
	int32 vl_len_;
	int32 bit_len;
	bits8 bit_dat[];
} VarBit;
#define VARBITBYTES(len) (((len) + 7) / 8)

#define VECTOR_SIZE(dim) (offsetof(Vector, x) + sizeof(float) * (size_t)(dim))
#define HALFVEC_SIZE(dim) (offsetof(HalfVector, x) + sizeof(half) * (size_t)(dim))
#define SPARSEVEC_SIZE(nnz) (offsetof(SparseVector, indices) + (sizeof(int32) + sizeof(float)) * (size_t)(nnz))

#define PG_GETARG_VECTOR_P(n) ((Vector *)PG_GETARG_VARLENA_P(n))
#define PG_GETARG_HALFVEC_P(n) ((HalfVector *)PG_GETARG_VARLENA_P(n))
#define PG_GETARG_SPARSEVEC_P(n) ((SparseVector *)PG_GETARG_VARLENA_P(n))
#define PG_GETARG_VARBIT_P(n) ((VarBit *)PG_GETARG_VARLENA_P(n))

Vector *new_vector(int dim);
HalfVector *new_halfvec(int dim);
SparseVector *new_sparsevec(int dim, int nnz);
VarBit *new_varbit(int bits);

float half_to_float(half h);
half float_to_half(float f, bool *overflow);

/* Errors worded as pgvector's. */
void check_dims(int a, int b);
void check_expected_dims(int typmod, int dim);
void check_element(float value, const char *type);
int parse_typmod(ArrayType *ta, const char *type, int max);
float parse_element(char **pt, const char *lit, const char *type);
float *parse_dense_literal(char *lit, const char *type, int max_dim, int *count);
void print_float(StringInfo buf, float f);
void skip_space(char **p);
bool is_space(char c);

void init_string(StringInfo buf, int size);
void append_char(StringInfo buf, char c);

/* lt, le, eq, ne, ge, gt and cmp of a type, from its three-way comparison. */
#define DEFINE_COMPARISONS(prefix, compare, getarg) \
	PG_FUNCTION_INFO_V1(prefix##_lt); \
	Datum prefix##_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(getarg(0), getarg(1)) < 0); } \
	PG_FUNCTION_INFO_V1(prefix##_le); \
	Datum prefix##_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(getarg(0), getarg(1)) <= 0); } \
	PG_FUNCTION_INFO_V1(prefix##_eq); \
	Datum prefix##_eq(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(getarg(0), getarg(1)) == 0); } \
	PG_FUNCTION_INFO_V1(prefix##_ne); \
	Datum prefix##_ne(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(getarg(0), getarg(1)) != 0); } \
	PG_FUNCTION_INFO_V1(prefix##_ge); \
	Datum prefix##_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(getarg(0), getarg(1)) >= 0); } \
	PG_FUNCTION_INFO_V1(prefix##_gt); \
	Datum prefix##_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(getarg(0), getarg(1)) > 0); } \
	PG_FUNCTION_INFO_V1(prefix##_cmp); \
	Datum prefix##_cmp(PG_FUNCTION_ARGS) { PG_RETURN_INT32(compare(getarg(0), getarg(1))); } \
	extern int no_such_variable

/* Float arrays given to a cast (integer[], real[], double precision[], numeric[]). */
float *array_to_floats(ArrayType *array, int *count, const char *type);
ArrayType *floats_to_array(const float *values, int count);

#endif
