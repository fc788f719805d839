/*
 * `sparsevec` ('{1:1.5,3:2}/5': 1-based indices in text, 0-based on disk and in the
 * binary format, sorted, zeros dropped) and the distances of `bit` (hamming,
 * jaccard), as pgvector defines them. See docs/extensions-native.md.
 */
#include "vec.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
	int32 index;
	float value;
} SparseEntry;

static int entry_order(const void *a, const void *b)
{
	int32 x = ((const SparseEntry *)a)->index, y = ((const SparseEntry *)b)->index;
	return x < y ? -1 : x > y ? 1 : 0;
}

/* Sorts, checks and packs entries (0-based) into a sparsevec. */
static SparseVector *sparsevec_from_entries(SparseEntry *entries, int n, int dim, int typmod)
{
	if (dim < 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("sparsevec must have at least 1 dimension"));
	if (dim > SPARSEVEC_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("sparsevec cannot have more than %d dimensions", SPARSEVEC_MAX_DIM));
	check_expected_dims(typmod, dim);
	qsort(entries, (size_t)n, sizeof(SparseEntry), entry_order);
	int nnz = 0;
	for (int i = 0; i < n; i++)
	{
		if (entries[i].index < 0 || entries[i].index >= dim)
			ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("index out of bounds"));
		if (i > 0 && entries[i].index == entries[i - 1].index)
			ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("indices must not contain duplicates"));
		check_element(entries[i].value, "sparsevec");
		if (entries[i].value != 0)
			nnz++;
	}
	if (nnz > SPARSEVEC_MAX_NNZ)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("sparsevec cannot have more than %d non-zero elements", SPARSEVEC_MAX_NNZ));
	SparseVector *v = new_sparsevec(dim, nnz);
	float *values = SPARSEVEC_VALUES(v);
	int j = 0;
	for (int i = 0; i < n; i++)
		if (entries[i].value != 0)
		{
			v->indices[j] = entries[i].index;
			values[j++] = entries[i].value;
		}
	return v;
}

PG_FUNCTION_INFO_V1(sparsevec_in);
Datum sparsevec_in(PG_FUNCTION_ARGS)
{
	char *lit = PG_GETARG_CSTRING(0);
	int32 typmod = PG_GETARG_INT32(2);
	char *pt = lit;
	int cap = 16, n = 0;
	SparseEntry *entries = palloc(sizeof(SparseEntry) * cap);
	skip_space(&pt);
	if (*pt != '{')
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type sparsevec: \"%s\"", lit),
			errdetail("Vector contents must start with \"{\"."));
	pt++;
	skip_space(&pt);
	if (*pt != '}')
		for (;;)
		{
			char *end;
			if (n == SPARSEVEC_MAX_NNZ)
				ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					errmsg("sparsevec cannot have more than %d non-zero elements", SPARSEVEC_MAX_NNZ));
			if (n == cap)
			{
				cap *= 2;
				entries = repalloc(entries, sizeof(SparseEntry) * cap);
			}
			skip_space(&pt);
			errno = 0;
			long index = strtol(pt, &end, 10);
			if (end == pt)
				ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					errmsg("invalid input syntax for type sparsevec: \"%s\"", lit));
			if (errno == ERANGE || index < INT_MIN || index > INT_MAX)
				ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("index \"%ld\" is out of range for type sparsevec", index));
			pt = end;
			skip_space(&pt);
			if (*pt != ':')
				ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					errmsg("invalid input syntax for type sparsevec: \"%s\"", lit));
			pt++;
			entries[n].index = (int32)(index - 1);
			entries[n].value = parse_element(&pt, lit, "sparsevec");
			n++;
			skip_space(&pt);
			if (*pt == ',')
				pt++;
			else if (*pt == '}')
				break;
			else
				ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					errmsg("invalid input syntax for type sparsevec: \"%s\"", lit));
		}
	pt++;
	skip_space(&pt);
	if (*pt != '/')
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type sparsevec: \"%s\"", lit),
			errdetail("Unexpected end of input."));
	pt++;
	skip_space(&pt);
	char *end;
	errno = 0;
	long dim = strtol(pt, &end, 10);
	if (end == pt)
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type sparsevec: \"%s\"", lit));
	if (errno == ERANGE || dim > SPARSEVEC_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("sparsevec cannot have more than %d dimensions", SPARSEVEC_MAX_DIM));
	pt = end;
	skip_space(&pt);
	if (*pt != '\0')
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type sparsevec: \"%s\"", lit),
			errdetail("Junk after closing."));
	PG_RETURN_POINTER(sparsevec_from_entries(entries, n, (int)dim, typmod));
}

PG_FUNCTION_INFO_V1(sparsevec_out);
Datum sparsevec_out(PG_FUNCTION_ARGS)
{
	SparseVector *v = PG_GETARG_SPARSEVEC_P(0);
	float *values = SPARSEVEC_VALUES(v);
	StringInfoData buf;
	char number[16];
	init_string(&buf, 28 * v->nnz + 16);
	append_char(&buf, '{');
	for (int i = 0; i < v->nnz; i++)
	{
		if (i > 0)
			append_char(&buf, ',');
		int len = snprintf(number, sizeof number, "%d:", v->indices[i] + 1);
		appendBinaryStringInfo(&buf, number, len);
		print_float(&buf, values[i]);
	}
	int len = snprintf(number, sizeof number, "}/%d", v->dim);
	appendBinaryStringInfo(&buf, number, len);
	append_char(&buf, '\0');
	PG_RETURN_CSTRING(buf.data);
}

PG_FUNCTION_INFO_V1(sparsevec_typmod_in);
Datum sparsevec_typmod_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(parse_typmod(PG_GETARG_ARRAYTYPE_P(0), "sparsevec", SPARSEVEC_MAX_DIM));
}

PG_FUNCTION_INFO_V1(sparsevec_recv);
Datum sparsevec_recv(PG_FUNCTION_ARGS)
{
	StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
	int32 typmod = PG_GETARG_INT32(2);
	int32 dim = (int32)pq_getmsgint(buf, 4);
	int32 nnz = (int32)pq_getmsgint(buf, 4);
	int32 unused = (int32)pq_getmsgint(buf, 4);
	if (unused != 0)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("expected unused to be 0, not %d", unused));
	if (nnz < 0 || nnz > SPARSEVEC_MAX_NNZ)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("sparsevec cannot have more than %d non-zero elements", SPARSEVEC_MAX_NNZ));
	SparseEntry *entries = palloc(sizeof(SparseEntry) * (size_t)(nnz > 0 ? nnz : 1));
	for (int i = 0; i < nnz; i++)
		entries[i].index = (int32)pq_getmsgint(buf, 4);
	for (int i = 0; i < nnz; i++)
	{
		entries[i].value = pq_getmsgfloat4(buf);
		if (entries[i].value == 0)
			ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("binary representation of sparsevec cannot contain zero values"));
	}
	for (int i = 1; i < nnz; i++)
		if (entries[i].index <= entries[i - 1].index)
			ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("indices must be in ascending order"));
	PG_RETURN_POINTER(sparsevec_from_entries(entries, nnz, dim, typmod));
}

PG_FUNCTION_INFO_V1(sparsevec_send);
Datum sparsevec_send(PG_FUNCTION_ARGS)
{
	SparseVector *v = PG_GETARG_SPARSEVEC_P(0);
	float *values = SPARSEVEC_VALUES(v);
	StringInfoData buf;
	pq_begintypsend(&buf);
	send_uint_be(&buf, (uint32)v->dim, 4);
	send_uint_be(&buf, (uint32)v->nnz, 4);
	send_uint_be(&buf, (uint32)v->unused, 4);
	for (int i = 0; i < v->nnz; i++)
		send_uint_be(&buf, (uint32)v->indices[i], 4);
	for (int i = 0; i < v->nnz; i++)
		pq_sendfloat4(&buf, values[i]);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

PG_FUNCTION_INFO_V1(sparsevec);
Datum sparsevec(PG_FUNCTION_ARGS)
{
	SparseVector *v = PG_GETARG_SPARSEVEC_P(0);
	check_expected_dims(PG_GETARG_INT32(1), v->dim);
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(vector_to_sparsevec);
Datum vector_to_sparsevec(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(0);
	SparseEntry *entries = palloc(sizeof(SparseEntry) * (size_t)v->dim);
	for (int i = 0; i < v->dim; i++)
	{
		entries[i].index = i;
		entries[i].value = v->x[i];
	}
	PG_RETURN_POINTER(sparsevec_from_entries(entries, v->dim, v->dim, PG_GETARG_INT32(1)));
}

PG_FUNCTION_INFO_V1(sparsevec_to_vector);
Datum sparsevec_to_vector(PG_FUNCTION_ARGS)
{
	SparseVector *s = PG_GETARG_SPARSEVEC_P(0);
	int32 typmod = PG_GETARG_INT32(1);
	if (s->dim > VECTOR_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("vector cannot have more than %d dimensions", VECTOR_MAX_DIM));
	check_expected_dims(typmod, s->dim);
	Vector *v = new_vector(s->dim);
	float *values = SPARSEVEC_VALUES(s);
	for (int i = 0; i < s->nnz; i++)
		v->x[s->indices[i]] = values[i];
	PG_RETURN_POINTER(v);
}

/* ---- distances: merge the two sorted index lists ---- */

typedef struct
{
	double dot, l2sq, l1, norm_a, norm_b;
} SparseSums;

static SparseSums sparse_sums(const SparseVector *a, const SparseVector *b)
{
	SparseSums s = {0, 0, 0, 0, 0};
	const float *va = SPARSEVEC_VALUES(a), *vb = SPARSEVEC_VALUES(b);
	int i = 0, j = 0;
	while (i < a->nnz || j < b->nnz)
	{
		double x = 0, y = 0;
		if (j >= b->nnz || (i < a->nnz && a->indices[i] < b->indices[j]))
			x = va[i++];
		else if (i >= a->nnz || b->indices[j] < a->indices[i])
			y = vb[j++];
		else
		{
			x = va[i++];
			y = vb[j++];
		}
		s.dot += x * y;
		s.l2sq += (x - y) * (x - y);
		s.l1 += fabs(x - y);
		s.norm_a += x * x;
		s.norm_b += y * y;
	}
	return s;
}

#define BINARY_SPARSE_ARGS \
	SparseVector *a = PG_GETARG_SPARSEVEC_P(0); \
	SparseVector *b = PG_GETARG_SPARSEVEC_P(1); \
	check_dims(a->dim, b->dim); \
	SparseSums s = sparse_sums(a, b)

PG_FUNCTION_INFO_V1(sparsevec_l2_distance);
Datum sparsevec_l2_distance(PG_FUNCTION_ARGS)
{
	BINARY_SPARSE_ARGS;
	PG_RETURN_FLOAT8(sqrt(s.l2sq));
}

PG_FUNCTION_INFO_V1(sparsevec_l2_squared_distance);
Datum sparsevec_l2_squared_distance(PG_FUNCTION_ARGS)
{
	BINARY_SPARSE_ARGS;
	PG_RETURN_FLOAT8(s.l2sq);
}

PG_FUNCTION_INFO_V1(sparsevec_inner_product);
Datum sparsevec_inner_product(PG_FUNCTION_ARGS)
{
	BINARY_SPARSE_ARGS;
	PG_RETURN_FLOAT8(s.dot);
}

PG_FUNCTION_INFO_V1(sparsevec_negative_inner_product);
Datum sparsevec_negative_inner_product(PG_FUNCTION_ARGS)
{
	BINARY_SPARSE_ARGS;
	PG_RETURN_FLOAT8(-s.dot);
}

PG_FUNCTION_INFO_V1(sparsevec_cosine_distance);
Datum sparsevec_cosine_distance(PG_FUNCTION_ARGS)
{
	BINARY_SPARSE_ARGS;
	double similarity = s.dot / sqrt(s.norm_a * s.norm_b);
	if (isnan(similarity))
		PG_RETURN_FLOAT8(NAN);
	if (similarity > 1)
		similarity = 1;
	else if (similarity < -1)
		similarity = -1;
	PG_RETURN_FLOAT8(1 - similarity);
}

PG_FUNCTION_INFO_V1(sparsevec_l1_distance);
Datum sparsevec_l1_distance(PG_FUNCTION_ARGS)
{
	BINARY_SPARSE_ARGS;
	PG_RETURN_FLOAT8(s.l1);
}

PG_FUNCTION_INFO_V1(sparsevec_l2_norm);
Datum sparsevec_l2_norm(PG_FUNCTION_ARGS)
{
	SparseVector *a = PG_GETARG_SPARSEVEC_P(0);
	const float *v = SPARSEVEC_VALUES(a);
	double sum = 0;
	for (int i = 0; i < a->nnz; i++)
		sum += (double)v[i] * v[i];
	PG_RETURN_FLOAT8(sqrt(sum));
}

PG_FUNCTION_INFO_V1(sparsevec_l2_normalize);
Datum sparsevec_l2_normalize(PG_FUNCTION_ARGS)
{
	SparseVector *a = PG_GETARG_SPARSEVEC_P(0);
	const float *v = SPARSEVEC_VALUES(a);
	double sum = 0;
	for (int i = 0; i < a->nnz; i++)
		sum += (double)v[i] * v[i];
	double n = sqrt(sum);
	SparseEntry *entries = palloc(sizeof(SparseEntry) * (size_t)(a->nnz > 0 ? a->nnz : 1));
	for (int i = 0; i < a->nnz; i++)
	{
		entries[i].index = a->indices[i];
		entries[i].value = n > 0 ? (float)(v[i] / n) : 0;
	}
	PG_RETURN_POINTER(sparsevec_from_entries(entries, a->nnz, a->dim, -1));
}

static int sparsevec_compare(const SparseVector *a, const SparseVector *b)
{
	const float *va = SPARSEVEC_VALUES(a), *vb = SPARSEVEC_VALUES(b);
	int n = a->nnz < b->nnz ? a->nnz : b->nnz;
	for (int i = 0; i < n; i++)
	{
		/* an earlier non-zero index means a larger value at that position */
		if (a->indices[i] != b->indices[i])
		{
			if (a->indices[i] < b->indices[i])
				return va[i] < 0 ? -1 : 1;
			return vb[i] < 0 ? 1 : -1;
		}
		if (va[i] != vb[i])
			return va[i] < vb[i] ? -1 : 1;
	}
	if (a->nnz != b->nnz)
	{
		if (a->nnz < b->nnz)
			return vb[n] < 0 ? 1 : -1;
		return va[n] < 0 ? -1 : 1;
	}
	return a->dim < b->dim ? -1 : a->dim > b->dim ? 1 : 0;
}

DEFINE_COMPARISONS(sparsevec, sparsevec_compare, PG_GETARG_SPARSEVEC_P);

/* ---- bit ---- */

static void check_bits(const VarBit *a, const VarBit *b)
{
	if (a->bit_len != b->bit_len)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION),
			errmsg("different bit lengths %d and %d", a->bit_len, b->bit_len));
}

PG_FUNCTION_INFO_V1(hamming_distance);
Datum hamming_distance(PG_FUNCTION_ARGS)
{
	VarBit *a = PG_GETARG_VARBIT_P(0);
	VarBit *b = PG_GETARG_VARBIT_P(1);
	check_bits(a, b);
	uint64 count = 0;
	for (int i = 0; i < VARBITBYTES(a->bit_len); i++)
		count += (uint64)__builtin_popcount((unsigned)(a->bit_dat[i] ^ b->bit_dat[i]));
	PG_RETURN_FLOAT8((double)count);
}

PG_FUNCTION_INFO_V1(jaccard_distance);
Datum jaccard_distance(PG_FUNCTION_ARGS)
{
	VarBit *a = PG_GETARG_VARBIT_P(0);
	VarBit *b = PG_GETARG_VARBIT_P(1);
	check_bits(a, b);
	uint64 both = 0, ca = 0, cb = 0;
	for (int i = 0; i < VARBITBYTES(a->bit_len); i++)
	{
		both += (uint64)__builtin_popcount((unsigned)(a->bit_dat[i] & b->bit_dat[i]));
		ca += (uint64)__builtin_popcount(a->bit_dat[i]);
		cb += (uint64)__builtin_popcount(b->bit_dat[i]);
	}
	if (ca == 0 && cb == 0)
		PG_RETURN_FLOAT8(NAN);
	PG_RETURN_FLOAT8(1 - (double)both / (double)(ca + cb - both));
}
