/*
 * The `vector` type of the stack's pgvector: text and binary I/O in pgvector's
 * formats, the dimension typmod, distances, arithmetic, comparison, the avg/sum
 * aggregates' steps and the casts. Distances are summed in double precision, so
 * they are at least as accurate as pgvector's. See docs/extensions-native.md.
 */
#include "vec.h"

static Vector *vector_from_floats(const float *values, int dim, int typmod)
{
	if (dim < 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("vector must have at least 1 dimension"));
	if (dim > VECTOR_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("vector cannot have more than %d dimensions", VECTOR_MAX_DIM));
	check_expected_dims(typmod, dim);
	Vector *v = new_vector(dim);
	for (int i = 0; i < dim; i++)
	{
		check_element(values[i], "vector");
		v->x[i] = values[i];
	}
	return v;
}

PG_FUNCTION_INFO_V1(vector_in);
Datum vector_in(PG_FUNCTION_ARGS)
{
	int dim;
	float *values = parse_dense_literal(PG_GETARG_CSTRING(0), "vector", VECTOR_MAX_DIM, &dim);
	PG_RETURN_POINTER(vector_from_floats(values, dim, PG_GETARG_INT32(2)));
}

PG_FUNCTION_INFO_V1(vector_out);
Datum vector_out(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(0);
	StringInfoData buf;
	init_string(&buf, 16 * v->dim + 3);
	append_char(&buf, '[');
	for (int i = 0; i < v->dim; i++)
	{
		if (i > 0)
			append_char(&buf, ',');
		print_float(&buf, v->x[i]);
	}
	append_char(&buf, ']');
	append_char(&buf, '\0');
	PG_RETURN_CSTRING(buf.data);
}

PG_FUNCTION_INFO_V1(vector_typmod_in);
Datum vector_typmod_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(parse_typmod(PG_GETARG_ARRAYTYPE_P(0), "vector", VECTOR_MAX_DIM));
}

PG_FUNCTION_INFO_V1(vector_recv);
Datum vector_recv(PG_FUNCTION_ARGS)
{
	StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
	int32 typmod = PG_GETARG_INT32(2);
	int16 dim = (int16)pq_getmsgint(buf, 2);
	int16 unused = (int16)pq_getmsgint(buf, 2);
	if (dim < 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("vector must have at least 1 dimension"));
	if (dim > VECTOR_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("vector cannot have more than %d dimensions", VECTOR_MAX_DIM));
	if (unused != 0)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("expected unused to be 0, not %d", unused));
	check_expected_dims(typmod, dim);
	Vector *v = new_vector(dim);
	for (int i = 0; i < dim; i++)
	{
		v->x[i] = pq_getmsgfloat4(buf);
		check_element(v->x[i], "vector");
	}
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(vector_send);
Datum vector_send(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(0);
	StringInfoData buf;
	pq_begintypsend(&buf);
	send_uint_be(&buf, (uint16)v->dim, 2);
	send_uint_be(&buf, (uint16)v->unused, 2);
	for (int i = 0; i < v->dim; i++)
		pq_sendfloat4(&buf, v->x[i]);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* vector(vector, typmod, explicit): the length coercion of `vector(3)`. */
PG_FUNCTION_INFO_V1(vector);
Datum vector(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(0);
	check_expected_dims(PG_GETARG_INT32(1), v->dim);
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(array_to_vector);
Datum array_to_vector(PG_FUNCTION_ARGS)
{
	int n;
	float *values = array_to_floats(PG_GETARG_ARRAYTYPE_P(0), &n, "vector");
	PG_RETURN_POINTER(vector_from_floats(values, n, PG_GETARG_INT32(1)));
}

PG_FUNCTION_INFO_V1(vector_to_float4);
Datum vector_to_float4(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(0);
	PG_RETURN_POINTER(floats_to_array(v->x, v->dim));
}

/* ---- distances ---- */

static double l2_squared(const Vector *a, const Vector *b)
{
	double sum = 0;
	for (int i = 0; i < a->dim; i++)
	{
		double d = (double)a->x[i] - (double)b->x[i];
		sum += d * d;
	}
	return sum;
}

static double dot(const Vector *a, const Vector *b)
{
	double sum = 0;
	for (int i = 0; i < a->dim; i++)
		sum += (double)a->x[i] * (double)b->x[i];
	return sum;
}

static double norm(const Vector *a)
{
	return sqrt(dot(a, a));
}

double vector_cosine(const Vector *a, const Vector *b);
double vector_cosine(const Vector *a, const Vector *b)
{
	double similarity = dot(a, b) / sqrt(dot(a, a) * dot(b, b));
	if (isnan(similarity))
		return NAN;
	if (similarity > 1)
		similarity = 1;
	else if (similarity < -1)
		similarity = -1;
	return 1 - similarity;
}

#define BINARY_VECTOR_ARGS \
	Vector *a = PG_GETARG_VECTOR_P(0); \
	Vector *b = PG_GETARG_VECTOR_P(1); \
	check_dims(a->dim, b->dim)

PG_FUNCTION_INFO_V1(l2_distance);
Datum l2_distance(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	PG_RETURN_FLOAT8(sqrt(l2_squared(a, b)));
}

PG_FUNCTION_INFO_V1(vector_l2_squared_distance);
Datum vector_l2_squared_distance(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	PG_RETURN_FLOAT8(l2_squared(a, b));
}

PG_FUNCTION_INFO_V1(inner_product);
Datum inner_product(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	PG_RETURN_FLOAT8(dot(a, b));
}

PG_FUNCTION_INFO_V1(vector_negative_inner_product);
Datum vector_negative_inner_product(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	PG_RETURN_FLOAT8(-dot(a, b));
}

PG_FUNCTION_INFO_V1(cosine_distance);
Datum cosine_distance(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	PG_RETURN_FLOAT8(vector_cosine(a, b));
}

/* Angle between the vectors over pi, for unit vectors (ivfflat's spherical support). */
PG_FUNCTION_INFO_V1(vector_spherical_distance);
Datum vector_spherical_distance(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	double d = dot(a, b);
	if (d > 1)
		d = 1;
	else if (d < -1)
		d = -1;
	PG_RETURN_FLOAT8(acos(d) / M_PI);
}

PG_FUNCTION_INFO_V1(l1_distance);
Datum l1_distance(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	double sum = 0;
	for (int i = 0; i < a->dim; i++)
		sum += fabs((double)a->x[i] - (double)b->x[i]);
	PG_RETURN_FLOAT8(sum);
}

PG_FUNCTION_INFO_V1(vector_dims);
Datum vector_dims(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(PG_GETARG_VECTOR_P(0)->dim);
}

PG_FUNCTION_INFO_V1(vector_norm);
Datum vector_norm(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(norm(PG_GETARG_VECTOR_P(0)));
}

PG_FUNCTION_INFO_V1(l2_normalize);
Datum l2_normalize(PG_FUNCTION_ARGS)
{
	Vector *a = PG_GETARG_VECTOR_P(0);
	Vector *r = new_vector(a->dim);
	double n = norm(a);
	if (n > 0)
		for (int i = 0; i < a->dim; i++)
			r->x[i] = (float)((double)a->x[i] / n);
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(binary_quantize);
Datum binary_quantize(PG_FUNCTION_ARGS)
{
	Vector *a = PG_GETARG_VECTOR_P(0);
	VarBit *r = new_varbit(a->dim);
	for (int i = 0; i < a->dim; i++)
		if (a->x[i] > 0)
			r->bit_dat[i / 8] |= (bits8)(1 << (7 - (i % 8)));
	PG_RETURN_POINTER(r);
}

/* subvector(v, start, count): 1-based, clipped to the vector as pgvector clips it. */
void subvector_range(int dim, int32 start, int32 count, int *from, int *to);
void subvector_range(int dim, int32 start, int32 count, int *from, int *to)
{
	int64 end = (int64)start + count;
	if (count < 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("vector must have at least 1 dimension"));
	if (start < 1)
		start = 1;
	if (end > (int64)dim + 1)
		end = (int64)dim + 1;
	if (end <= start)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("vector must have at least 1 dimension"));
	*from = start - 1;
	*to = (int)end - 1;
}

PG_FUNCTION_INFO_V1(subvector);
Datum subvector(PG_FUNCTION_ARGS)
{
	Vector *a = PG_GETARG_VECTOR_P(0);
	int from, to;
	subvector_range(a->dim, PG_GETARG_INT32(1), PG_GETARG_INT32(2), &from, &to);
	Vector *r = new_vector(to - from);
	memcpy(r->x, a->x + from, sizeof(float) * (size_t)(to - from));
	PG_RETURN_POINTER(r);
}

/* ---- arithmetic ---- */

static void check_result(float value, bool is_mul, float a, float b)
{
	if (isinf(value))
		ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: overflow"));
	if (is_mul && value == 0 && a != 0 && b != 0)
		ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: underflow"));
}

PG_FUNCTION_INFO_V1(vector_add);
Datum vector_add(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	Vector *r = new_vector(a->dim);
	for (int i = 0; i < a->dim; i++)
	{
		r->x[i] = a->x[i] + b->x[i];
		check_result(r->x[i], false, a->x[i], b->x[i]);
	}
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(vector_sub);
Datum vector_sub(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	Vector *r = new_vector(a->dim);
	for (int i = 0; i < a->dim; i++)
	{
		r->x[i] = a->x[i] - b->x[i];
		check_result(r->x[i], false, a->x[i], b->x[i]);
	}
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(vector_mul);
Datum vector_mul(PG_FUNCTION_ARGS)
{
	BINARY_VECTOR_ARGS;
	Vector *r = new_vector(a->dim);
	for (int i = 0; i < a->dim; i++)
	{
		r->x[i] = a->x[i] * b->x[i];
		check_result(r->x[i], true, a->x[i], b->x[i]);
	}
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(vector_concat);
Datum vector_concat(PG_FUNCTION_ARGS)
{
	Vector *a = PG_GETARG_VECTOR_P(0);
	Vector *b = PG_GETARG_VECTOR_P(1);
	int dim = a->dim + b->dim;
	if (dim > VECTOR_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("vector cannot have more than %d dimensions", VECTOR_MAX_DIM));
	Vector *r = new_vector(dim);
	memcpy(r->x, a->x, sizeof(float) * (size_t)a->dim);
	memcpy(r->x + a->dim, b->x, sizeof(float) * (size_t)b->dim);
	PG_RETURN_POINTER(r);
}

/* ---- comparison: element by element, then the shorter first ---- */

static int vector_compare(const Vector *a, const Vector *b)
{
	int n = a->dim < b->dim ? a->dim : b->dim;
	for (int i = 0; i < n; i++)
	{
		if (a->x[i] < b->x[i])
			return -1;
		if (a->x[i] > b->x[i])
			return 1;
	}
	return a->dim < b->dim ? -1 : a->dim > b->dim ? 1 : 0;
}

DEFINE_COMPARISONS(vector, vector_compare, PG_GETARG_VECTOR_P);

/* ---- aggregates: the state is double precision[] {count, sum_1 … sum_n} ---- */

double *accum_state(ArrayType *state, int *len);
double *accum_state(ArrayType *state, int *len)
{
	Datum *elems;
	bool *nulls;
	int n;
	deconstruct_array(state, FLOAT8OID, 8, true, 'd', &elems, &nulls, &n);
	double *values = palloc(sizeof(double) * (size_t)n);
	for (int i = 0; i < n; i++)
		values[i] = DatumGetFloat8(elems[i]);
	*len = n;
	return values;
}

ArrayType *accum_array(const double *values, int n);
ArrayType *accum_array(const double *values, int n)
{
	Datum *elems = palloc(sizeof(Datum) * (size_t)n);
	for (int i = 0; i < n; i++)
		elems[i] = Float8GetDatum(values[i]);
	return construct_array(elems, n, FLOAT8OID, 8, true, 'd');
}

/* Adds `dim` values (given as floats) into the state; used by vector and halfvec. */
ArrayType *accum_floats(ArrayType *state_array, const float *x, int dim);
ArrayType *accum_floats(ArrayType *state_array, const float *x, int dim)
{
	int n;
	double *state = accum_state(state_array, &n);
	if (n == 1)
	{
		state = repalloc(state, sizeof(double) * (size_t)(dim + 1));
		for (int i = 0; i < dim; i++)
			state[i + 1] = 0;
		n = dim + 1;
	}
	else
		check_expected_dims(n - 1, dim);
	state[0] += 1;
	for (int i = 0; i < dim; i++)
	{
		state[i + 1] += x[i];
		if (isinf(state[i + 1]))
			ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: overflow"));
	}
	return accum_array(state, n);
}

PG_FUNCTION_INFO_V1(vector_accum);
Datum vector_accum(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(1);
	PG_RETURN_POINTER(accum_floats(PG_GETARG_ARRAYTYPE_P(0), v->x, v->dim));
}

PG_FUNCTION_INFO_V1(vector_combine);
Datum vector_combine(PG_FUNCTION_ARGS)
{
	int n1, n2;
	double *s1 = accum_state(PG_GETARG_ARRAYTYPE_P(0), &n1);
	double *s2 = accum_state(PG_GETARG_ARRAYTYPE_P(1), &n2);
	if (n1 == 1)
		PG_RETURN_POINTER(accum_array(s2, n2));
	if (n2 == 1)
		PG_RETURN_POINTER(accum_array(s1, n1));
	check_expected_dims(n1 - 1, n2 - 1);
	for (int i = 0; i < n1; i++)
	{
		s1[i] += s2[i];
		if (isinf(s1[i]))
			ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: overflow"));
	}
	PG_RETURN_POINTER(accum_array(s1, n1));
}

/* The averages as floats, or NULL (no rows): shared with halfvec_avg. */
float *accum_average(ArrayType *state_array, int *dim);
float *accum_average(ArrayType *state_array, int *dim)
{
	int n;
	double *state = accum_state(state_array, &n);
	if (state[0] == 0 || n == 1)
		return NULL;
	float *avg = palloc(sizeof(float) * (size_t)(n - 1));
	for (int i = 1; i < n; i++)
	{
		avg[i - 1] = (float)(state[i] / state[0]);
		if (isinf(avg[i - 1]))
			ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: overflow"));
	}
	*dim = n - 1;
	return avg;
}

PG_FUNCTION_INFO_V1(vector_avg);
Datum vector_avg(PG_FUNCTION_ARGS)
{
	int dim;
	float *avg = accum_average(PG_GETARG_ARRAYTYPE_P(0), &dim);
	if (avg == NULL)
		PG_RETURN_NULL();
	Vector *r = new_vector(dim);
	memcpy(r->x, avg, sizeof(float) * (size_t)dim);
	PG_RETURN_POINTER(r);
}
