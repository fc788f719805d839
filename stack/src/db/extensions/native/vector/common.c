/*
 * Helpers shared by the stack's vector types: allocation, the half-precision
 * conversion, literal parsing and printing, dimension checks and the casts from
 * and to SQL arrays. Messages are worded as pgvector's, since projects and their
 * tests match on them. See docs/extensions-native.md.
 */
#include "vec.h"
#include <errno.h>
#include <stdlib.h>

PG_MODULE_MAGIC;

Vector *new_vector(int dim)
{
	Vector *v = palloc0(VECTOR_SIZE(dim));
	SET_VARSIZE(v, VECTOR_SIZE(dim));
	v->dim = (int16)dim;
	return v;
}

HalfVector *new_halfvec(int dim)
{
	HalfVector *v = palloc0(HALFVEC_SIZE(dim));
	SET_VARSIZE(v, HALFVEC_SIZE(dim));
	v->dim = (int16)dim;
	return v;
}

SparseVector *new_sparsevec(int dim, int nnz)
{
	SparseVector *v = palloc0(SPARSEVEC_SIZE(nnz));
	SET_VARSIZE(v, SPARSEVEC_SIZE(nnz));
	v->dim = dim;
	v->nnz = nnz;
	return v;
}

VarBit *new_varbit(int bits)
{
	size_t size = offsetof(VarBit, bit_dat) + VARBITBYTES(bits);
	VarBit *v = palloc0(size);
	SET_VARSIZE(v, size);
	v->bit_len = bits;
	return v;
}

/* IEEE 754 binary16 <-> binary32, rounding to nearest even. */
float half_to_float(half h)
{
	uint32 sign = (uint32)(h & 0x8000) << 16;
	uint32 exponent = (h >> 10) & 0x1F;
	uint32 mantissa = h & 0x3FF;
	uint32 bits;
	if (exponent == 0x1F)
		bits = sign | 0x7F800000 | (mantissa << 13);
	else if (exponent != 0)
		bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
	else if (mantissa == 0)
		bits = sign;
	else
	{
		/* subnormal: normalise it */
		int shift = 0;
		while ((mantissa & 0x400) == 0)
		{
			mantissa <<= 1;
			shift++;
		}
		mantissa &= 0x3FF;
		bits = sign | ((uint32)(113 - shift) << 23) | (mantissa << 13);
	}
	float f;
	memcpy(&f, &bits, 4);
	return f;
}

half float_to_half(float f, bool *overflow)
{
	uint32 bits;
	memcpy(&bits, &f, 4);
	uint16 sign = (uint16)((bits >> 16) & 0x8000);
	int32 exponent = (int32)((bits >> 23) & 0xFF);
	uint32 mantissa = bits & 0x7FFFFF;
	*overflow = false;
	if (exponent == 0xFF)
		return (half)(sign | 0x7C00 | (mantissa ? 0x200 : 0));
	int32 e = exponent - 127 + 15;
	if (e >= 0x1F)
	{
		*overflow = true;
		return (half)(sign | 0x7C00);
	}
	if (e <= 0)
	{
		/* subnormal or zero in half precision */
		if (e < -10)
			return sign;
		mantissa |= 0x800000;
		int shift = 14 - e;
		uint32 value = mantissa >> shift;
		uint32 rest = mantissa & ((1u << shift) - 1);
		uint32 halfway = 1u << (shift - 1);
		if (rest > halfway || (rest == halfway && (value & 1)))
			value++;
		return (half)(sign | value);
	}
	uint32 value = ((uint32)e << 10) | (mantissa >> 13);
	uint32 rest = mantissa & 0x1FFF;
	if (rest > 0x1000 || (rest == 0x1000 && (value & 1)))
		value++;
	if ((value >> 10) >= 0x1F)
	{
		*overflow = true;
		return (half)(sign | 0x7C00);
	}
	return (half)(sign | value);
}

void check_dims(int a, int b)
{
	if (a != b)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("different vector dimensions %d and %d", a, b));
}

void check_expected_dims(int typmod, int dim)
{
	if (typmod != -1 && typmod != dim)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("expected %d dimensions, not %d", typmod, dim));
}

void check_element(float value, const char *type)
{
	if (isnan(value))
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("NaN not allowed in %s", type));
	if (isinf(value))
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("infinite value not allowed in %s", type));
}

int parse_typmod(ArrayType *ta, const char *type, int max)
{
	int n;
	int32 *mods = ArrayGetIntegerTypmods(ta, &n);
	if (n != 1)
		ereport(ERROR, errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid type modifier"));
	if (mods[0] < 1)
		ereport(ERROR, errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			errmsg("dimensions for type %s must be at least 1", type));
	if (mods[0] > max)
		ereport(ERROR, errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			errmsg("dimensions for type %s cannot exceed %d", type, max));
	return mods[0];
}

bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

void skip_space(char **p)
{
	while (is_space(**p))
		(*p)++;
}

/* One number of a literal, as float4in reads it (strtof: no double rounding). */
float parse_element(char **pt, const char *lit, const char *type)
{
	char *end;
	skip_space(pt);
	if (**pt == '\0')
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type %s: \"%s\"", type, lit));
	errno = 0;
	float value = strtof(*pt, &end);
	if (end == *pt)
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type %s: \"%s\"", type, lit));
	if (errno == ERANGE && isinf(value))
	{
		int len = (int)(end - *pt);
		ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			errmsg("\"%.*s\" is out of range for type %s", len, *pt, type));
	}
	*pt = end;
	return value;
}

void init_string(StringInfo buf, int size)
{
	buf->data = palloc(size);
	buf->maxlen = size;
	buf->len = 0;
	buf->cursor = 0;
	buf->data[0] = '\0';
}

void append_char(StringInfo buf, char c)
{
	appendBinaryStringInfo(buf, &c, 1);
}

/* Shortest text that reads back as the same float4, as float4out prints it. */
void print_float(StringInfo buf, float f)
{
	char text[32];
	int n = float_to_shortest_decimal_bufn(f, text);
	appendBinaryStringInfo(buf, text, n);
}

float *array_to_floats(ArrayType *array, int *count, const char *type)
{
	Datum *elems;
	bool *nulls;
	int n;
	Oid elemtype = ARR_ELEMTYPE(array);
	if (ARR_NDIM(array) > 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("array must be 1-D"));
	if (ARR_HASNULL(array))
		ereport(ERROR, errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("array must not contain nulls"));
	if (elemtype == NUMERICOID)
		deconstruct_array(array, NUMERICOID, -1, false, 'i', &elems, &nulls, &n);
	else if (elemtype == INT4OID || elemtype == FLOAT4OID)
		deconstruct_array(array, elemtype, 4, true, 'i', &elems, &nulls, &n);
	else if (elemtype == FLOAT8OID)
		deconstruct_array(array, elemtype, 8, true, 'd', &elems, &nulls, &n);
	else
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("unsupported array type"));
	float *values = palloc(sizeof(float) * (n > 0 ? n : 1));
	for (int i = 0; i < n; i++)
	{
		if (elemtype == INT4OID)
			values[i] = (float)DatumGetInt32(elems[i]);
		else if (elemtype == FLOAT4OID)
			values[i] = DatumGetFloat4(elems[i]);
		else if (elemtype == FLOAT8OID)
		{
			double d = DatumGetFloat8(elems[i]);
			values[i] = (float)d;
			if (isinf(values[i]) && !isinf(d))
				ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: overflow"));
		}
		else
			values[i] = DatumGetFloat4(DirectFunctionCall1(numeric_float4, elems[i]));
		check_element(values[i], type);
	}
	*count = n;
	return values;
}

ArrayType *floats_to_array(const float *values, int count)
{
	Datum *elems = palloc(sizeof(Datum) * (count > 0 ? count : 1));
	for (int i = 0; i < count; i++)
		elems[i] = Float4GetDatum(values[i]);
	return construct_array_builtin(elems, count, FLOAT4OID);
}

/* The elements of a '[1,2,3]' literal (vector, halfvec), with pgvector's messages. */
float *parse_dense_literal(char *lit, const char *type, int max_dim, int *count)
{
	char *pt = lit;
	int cap = 16, dim = 0;
	float *values = palloc(sizeof(float) * cap);
	skip_space(&pt);
	if (*pt != '[')
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type %s: \"%s\"", type, lit),
			errdetail("Vector contents must start with \"[\"."));
	pt++;
	skip_space(&pt);
	if (*pt == ']')
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("%s must have at least 1 dimension", type));
	for (;;)
	{
		if (dim == max_dim)
			ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				errmsg("%s cannot have more than %d dimensions", type, max_dim));
		if (dim == cap)
		{
			cap *= 2;
			values = repalloc(values, sizeof(float) * cap);
		}
		values[dim++] = parse_element(&pt, lit, type);
		skip_space(&pt);
		if (*pt == ',')
			pt++;
		else if (*pt == ']')
		{
			pt++;
			break;
		}
		else
			ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				errmsg("invalid input syntax for type %s: \"%s\"", type, lit));
	}
	skip_space(&pt);
	if (*pt != '\0')
		ereport(ERROR, errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			errmsg("invalid input syntax for type %s: \"%s\"", type, lit),
			errdetail("Junk after closing right brace."));
	*count = dim;
	return values;
}
