/*
 * `halfvec`: vectors of IEEE half-precision floats, as pgvector stores them. Values
 * are converted to float to be read, printed and measured; distances are summed in
 * double precision. See docs/extensions-native.md.
 */
#include "vec.h"

double *accum_state(ArrayType *state, int *len);
ArrayType *accum_floats(ArrayType *state_array, const float *x, int dim);
float *accum_average(ArrayType *state_array, int *dim);
void subvector_range(int dim, int32 start, int32 count, int *from, int *to);

static half to_half(float f)
{
	bool overflow;
	half h = float_to_half(f, &overflow);
	if (overflow)
		ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			errmsg("\"%g\" is out of range for type halfvec", (double)f));
	return h;
}

static HalfVector *halfvec_from_floats(const float *values, int dim, int typmod)
{
	if (dim < 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("halfvec must have at least 1 dimension"));
	if (dim > HALFVEC_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("halfvec cannot have more than %d dimensions", HALFVEC_MAX_DIM));
	check_expected_dims(typmod, dim);
	HalfVector *v = new_halfvec(dim);
	for (int i = 0; i < dim; i++)
	{
		check_element(values[i], "halfvec");
		v->x[i] = to_half(values[i]);
	}
	return v;
}

float *halfvec_floats(const HalfVector *v);
float *halfvec_floats(const HalfVector *v)
{
	float *f = palloc(sizeof(float) * (size_t)v->dim);
	for (int i = 0; i < v->dim; i++)
		f[i] = half_to_float(v->x[i]);
	return f;
}

PG_FUNCTION_INFO_V1(halfvec_in);
Datum halfvec_in(PG_FUNCTION_ARGS)
{
	int dim;
	float *values = parse_dense_literal(PG_GETARG_CSTRING(0), "halfvec", HALFVEC_MAX_DIM, &dim);
	PG_RETURN_POINTER(halfvec_from_floats(values, dim, PG_GETARG_INT32(2)));
}

PG_FUNCTION_INFO_V1(halfvec_out);
Datum halfvec_out(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	StringInfoData buf;
	init_string(&buf, 12 * v->dim + 3);
	append_char(&buf, '[');
	for (int i = 0; i < v->dim; i++)
	{
		if (i > 0)
			append_char(&buf, ',');
		print_float(&buf, half_to_float(v->x[i]));
	}
	append_char(&buf, ']');
	append_char(&buf, '\0');
	PG_RETURN_CSTRING(buf.data);
}

PG_FUNCTION_INFO_V1(halfvec_typmod_in);
Datum halfvec_typmod_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(parse_typmod(PG_GETARG_ARRAYTYPE_P(0), "halfvec", HALFVEC_MAX_DIM));
}

PG_FUNCTION_INFO_V1(halfvec_recv);
Datum halfvec_recv(PG_FUNCTION_ARGS)
{
	StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
	int32 typmod = PG_GETARG_INT32(2);
	int16 dim = (int16)pq_getmsgint(buf, 2);
	int16 unused = (int16)pq_getmsgint(buf, 2);
	if (dim < 1)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("halfvec must have at least 1 dimension"));
	if (dim > HALFVEC_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("halfvec cannot have more than %d dimensions", HALFVEC_MAX_DIM));
	if (unused != 0)
		ereport(ERROR, errcode(ERRCODE_DATA_EXCEPTION), errmsg("expected unused to be 0, not %d", unused));
	check_expected_dims(typmod, dim);
	HalfVector *v = new_halfvec(dim);
	for (int i = 0; i < dim; i++)
	{
		v->x[i] = (half)pq_getmsgint(buf, 2);
		check_element(half_to_float(v->x[i]), "halfvec");
	}
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(halfvec_send);
Datum halfvec_send(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	StringInfoData buf;
	pq_begintypsend(&buf);
	send_uint_be(&buf, (uint16)v->dim, 2);
	send_uint_be(&buf, (uint16)v->unused, 2);
	for (int i = 0; i < v->dim; i++)
		send_uint_be(&buf, v->x[i], 2);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

PG_FUNCTION_INFO_V1(halfvec);
Datum halfvec(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	check_expected_dims(PG_GETARG_INT32(1), v->dim);
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(array_to_halfvec);
Datum array_to_halfvec(PG_FUNCTION_ARGS)
{
	int n;
	float *values = array_to_floats(PG_GETARG_ARRAYTYPE_P(0), &n, "halfvec");
	PG_RETURN_POINTER(halfvec_from_floats(values, n, PG_GETARG_INT32(1)));
}

PG_FUNCTION_INFO_V1(halfvec_to_float4);
Datum halfvec_to_float4(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	PG_RETURN_POINTER(floats_to_array(halfvec_floats(v), v->dim));
}

PG_FUNCTION_INFO_V1(halfvec_to_vector);
Datum halfvec_to_vector(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	check_expected_dims(PG_GETARG_INT32(1), v->dim);
	Vector *r = new_vector(v->dim);
	for (int i = 0; i < v->dim; i++)
		r->x[i] = half_to_float(v->x[i]);
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(vector_to_halfvec);
Datum vector_to_halfvec(PG_FUNCTION_ARGS)
{
	Vector *v = PG_GETARG_VECTOR_P(0);
	PG_RETURN_POINTER(halfvec_from_floats(v->x, v->dim, PG_GETARG_INT32(1)));
}

/* ---- distances ---- */

#define BINARY_HALF_ARGS \
	HalfVector *ha = PG_GETARG_HALFVEC_P(0); \
	HalfVector *hb = PG_GETARG_HALFVEC_P(1); \
	check_dims(ha->dim, hb->dim); \
	int dim = ha->dim; \
	float *a = halfvec_floats(ha); \
	float *b = halfvec_floats(hb)

static double fdot(const float *a, const float *b, int dim)
{
	double s = 0;
	for (int i = 0; i < dim; i++)
		s += (double)a[i] * (double)b[i];
	return s;
}

static double fl2sq(const float *a, const float *b, int dim)
{
	double s = 0;
	for (int i = 0; i < dim; i++)
	{
		double d = (double)a[i] - (double)b[i];
		s += d * d;
	}
	return s;
}

PG_FUNCTION_INFO_V1(halfvec_l2_distance);
Datum halfvec_l2_distance(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	PG_RETURN_FLOAT8(sqrt(fl2sq(a, b, dim)));
}

PG_FUNCTION_INFO_V1(halfvec_l2_squared_distance);
Datum halfvec_l2_squared_distance(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	PG_RETURN_FLOAT8(fl2sq(a, b, dim));
}

PG_FUNCTION_INFO_V1(halfvec_inner_product);
Datum halfvec_inner_product(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	PG_RETURN_FLOAT8(fdot(a, b, dim));
}

PG_FUNCTION_INFO_V1(halfvec_negative_inner_product);
Datum halfvec_negative_inner_product(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	PG_RETURN_FLOAT8(-fdot(a, b, dim));
}

PG_FUNCTION_INFO_V1(halfvec_cosine_distance);
Datum halfvec_cosine_distance(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	double similarity = fdot(a, b, dim) / sqrt(fdot(a, a, dim) * fdot(b, b, dim));
	if (isnan(similarity))
		PG_RETURN_FLOAT8(NAN);
	if (similarity > 1)
		similarity = 1;
	else if (similarity < -1)
		similarity = -1;
	PG_RETURN_FLOAT8(1 - similarity);
}

PG_FUNCTION_INFO_V1(halfvec_spherical_distance);
Datum halfvec_spherical_distance(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	double d = fdot(a, b, dim);
	if (d > 1)
		d = 1;
	else if (d < -1)
		d = -1;
	PG_RETURN_FLOAT8(acos(d) / M_PI);
}

PG_FUNCTION_INFO_V1(halfvec_l1_distance);
Datum halfvec_l1_distance(PG_FUNCTION_ARGS)
{
	BINARY_HALF_ARGS;
	double s = 0;
	for (int i = 0; i < dim; i++)
		s += fabs((double)a[i] - (double)b[i]);
	PG_RETURN_FLOAT8(s);
}

PG_FUNCTION_INFO_V1(halfvec_vector_dims);
Datum halfvec_vector_dims(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(PG_GETARG_HALFVEC_P(0)->dim);
}

PG_FUNCTION_INFO_V1(halfvec_l2_norm);
Datum halfvec_l2_norm(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	float *a = halfvec_floats(v);
	PG_RETURN_FLOAT8(sqrt(fdot(a, a, v->dim)));
}

PG_FUNCTION_INFO_V1(halfvec_l2_normalize);
Datum halfvec_l2_normalize(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	float *a = halfvec_floats(v);
	double n = sqrt(fdot(a, a, v->dim));
	HalfVector *r = new_halfvec(v->dim);
	if (n > 0)
		for (int i = 0; i < v->dim; i++)
			r->x[i] = to_half((float)((double)a[i] / n));
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(halfvec_binary_quantize);
Datum halfvec_binary_quantize(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	VarBit *r = new_varbit(v->dim);
	for (int i = 0; i < v->dim; i++)
		if (half_to_float(v->x[i]) > 0)
			r->bit_dat[i / 8] |= (bits8)(1 << (7 - (i % 8)));
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(halfvec_subvector);
Datum halfvec_subvector(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(0);
	int from, to;
	subvector_range(v->dim, PG_GETARG_INT32(1), PG_GETARG_INT32(2), &from, &to);
	HalfVector *r = new_halfvec(to - from);
	memcpy(r->x, v->x + from, sizeof(half) * (size_t)(to - from));
	PG_RETURN_POINTER(r);
}

static Datum halfvec_elementwise(FunctionCallInfo fcinfo, char op)
{
	BINARY_HALF_ARGS;
	HalfVector *r = new_halfvec(dim);
	for (int i = 0; i < dim; i++)
	{
		float v = op == '+' ? a[i] + b[i] : op == '-' ? a[i] - b[i] : a[i] * b[i];
		bool overflow;
		r->x[i] = float_to_half(v, &overflow);
		if (overflow || isinf(v))
			ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: overflow"));
		if (op == '*' && half_to_float(r->x[i]) == 0 && a[i] != 0 && b[i] != 0)
			ereport(ERROR, errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value out of range: underflow"));
	}
	PG_RETURN_POINTER(r);
}

PG_FUNCTION_INFO_V1(halfvec_add);
Datum halfvec_add(PG_FUNCTION_ARGS) { return halfvec_elementwise(fcinfo, '+'); }
PG_FUNCTION_INFO_V1(halfvec_sub);
Datum halfvec_sub(PG_FUNCTION_ARGS) { return halfvec_elementwise(fcinfo, '-'); }
PG_FUNCTION_INFO_V1(halfvec_mul);
Datum halfvec_mul(PG_FUNCTION_ARGS) { return halfvec_elementwise(fcinfo, '*'); }

PG_FUNCTION_INFO_V1(halfvec_concat);
Datum halfvec_concat(PG_FUNCTION_ARGS)
{
	HalfVector *a = PG_GETARG_HALFVEC_P(0);
	HalfVector *b = PG_GETARG_HALFVEC_P(1);
	int dim = a->dim + b->dim;
	if (dim > HALFVEC_MAX_DIM)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("halfvec cannot have more than %d dimensions", HALFVEC_MAX_DIM));
	HalfVector *r = new_halfvec(dim);
	memcpy(r->x, a->x, sizeof(half) * (size_t)a->dim);
	memcpy(r->x + a->dim, b->x, sizeof(half) * (size_t)b->dim);
	PG_RETURN_POINTER(r);
}

static int halfvec_compare(const HalfVector *a, const HalfVector *b)
{
	int n = a->dim < b->dim ? a->dim : b->dim;
	for (int i = 0; i < n; i++)
	{
		float x = half_to_float(a->x[i]), y = half_to_float(b->x[i]);
		if (x < y)
			return -1;
		if (x > y)
			return 1;
	}
	return a->dim < b->dim ? -1 : a->dim > b->dim ? 1 : 0;
}

DEFINE_COMPARISONS(halfvec, halfvec_compare, PG_GETARG_HALFVEC_P);

PG_FUNCTION_INFO_V1(halfvec_accum);
Datum halfvec_accum(PG_FUNCTION_ARGS)
{
	HalfVector *v = PG_GETARG_HALFVEC_P(1);
	PG_RETURN_POINTER(accum_floats(PG_GETARG_ARRAYTYPE_P(0), halfvec_floats(v), v->dim));
}

PG_FUNCTION_INFO_V1(halfvec_avg);
Datum halfvec_avg(PG_FUNCTION_ARGS)
{
	int dim;
	float *avg = accum_average(PG_GETARG_ARRAYTYPE_P(0), &dim);
	if (avg == NULL)
		PG_RETURN_NULL();
	PG_RETURN_POINTER(halfvec_from_floats(avg, dim, -1));
}
