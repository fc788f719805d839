/*
 * The stack's plv8: the language handler, inline handler and validator of `language
 * plv8`. A call sends the function's OID and its arguments (as JSON, with their type
 * OIDs) to the running stack, whose JavaScript sandbox (plv8/runtime.ts) runs the
 * function; while it runs, the sandbox asks back for what must happen inside this
 * backend and transaction: plv8.execute (SPI, each statement in a subtransaction so a
 * JavaScript catch can go on, as plv8 does), plv8.elog, and finally the result as the
 * text the return type reads. See docs/extensions-native.md.
 */
#include "../bridge/bridge.h"
#include <stdlib.h>

PG_MODULE_MAGIC;

static char *plv8_start_proc = NULL;
static char *plv8_v8_flags = NULL;
static int plv8_memory_limit = 256;

extern PGDLLEXPORT void _PG_init(void);
void _PG_init(void)
{
	bridge_init("plv8");
	DefineCustomStringVariable("plv8.start_proc", "PLV8 function to run once when PLV8 is first used.", NULL,
				   &plv8_start_proc, NULL, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("plv8.v8_flags", "V8 engine initialization flags (accepted; the stack's sandbox ignores them).",
				   NULL, &plv8_v8_flags, NULL, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("plv8.memory_limit", "Per-isolate memory limit in MBytes", NULL, &plv8_memory_limit, 256,
				256, 3096, PGC_SUSET, 0, NULL, NULL, NULL);
}

static char *sqlstate_text(int code)
{
	char *s = palloc(6);
	for (int i = 0; i < 5; i++)
		s[i] = (char)(((code >> (6 * i)) & 0x3F) + '0');
	s[5] = '\0';
	return s;
}

static const char *field(const BridgeFrame *f, int i)
{
	return i < f->nfields ? f->data[i] : NULL;
}

static char *datum_json(Datum value, Oid type)
{
	int category;
	Oid output;
	json_categorize_type(type, false, &category, &output);
	return text_to_cstring((text *)pg_detoast_datum_packed((struct varlena *)DatumGetPointer(datum_to_json(value, category, output))));
}

typedef struct
{
	Oid **types;
	int *count;
} ParamTypes;

static void parser_setup(void *pstate, void *arg)
{
	ParamTypes *p = (ParamTypes *)arg;
	setup_parse_variable_parameters(pstate, p->types, p->count);
}

/*
 * plv8.execute: runs `sql` with the parameters (each sent as text and as JSON; the
 * JSON is used for json/jsonb parameters) and answers rows (names, types, values as
 * JSON) or the number of rows processed, or the error.
 */
static void run_execute(const BridgeFrame *f)
{
	const char *sql = field(f, 0);
	int nparams = field(f, 1) ? atoi(field(f, 1)) : 0;
	MemoryContext caller = CurrentMemoryContext;
	ResourceOwner owner = CurrentResourceOwner;
	const char **out = NULL;
	int *outlen = NULL;
	int nout = 0;
	char reply = 'X';

	BeginInternalSubTransaction(NULL);
	MemoryContextSwitchTo(caller);
	PG_TRY();
	{
		int rc;
		if (nparams == 0)
			rc = SPI_execute(sql, false, 0);
		else
		{
			Oid *types = NULL;
			int ntypes = 0;
			ParamTypes arg = {&types, &ntypes};
			SPIPlanPtr plan = SPI_prepare_params(sql, parser_setup, &arg, 0);
			if (plan == NULL)
				ereport(ERROR, errcode(ERRCODE_INTERNAL_ERROR),
					errmsg("SPI_prepare_params failed: %s", SPI_result_code_string(SPI_result)));
			SPI_freeplan(plan);
			if (ntypes > nparams)
				ereport(ERROR, errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					errmsg("the query has %d parameters and %d values were given", ntypes, nparams));
			Datum *values = palloc0(sizeof(Datum) * (size_t)nparams);
			char *nulls = palloc(sizeof(char) * (size_t)nparams);
			Oid *argtypes = palloc(sizeof(Oid) * (size_t)nparams);
			for (int i = 0; i < nparams; i++)
			{
				Oid type = i < ntypes && types[i] != InvalidOid ? types[i] : TEXTOID;
				const char *as_text = field(f, 2 + 2 * i);
				const char *as_json = field(f, 3 + 2 * i);
				argtypes[i] = type;
				nulls[i] = as_text == NULL ? 'n' : ' ';
				if (as_text != NULL)
				{
					Oid input, ioparam;
					getTypeInputInfo(type, &input, &ioparam);
					const char *literal = (type == JSONOID || type == JSONBOID) && as_json ? as_json : as_text;
					values[i] = OidInputFunctionCall(input, (char *)literal, ioparam, -1);
				}
			}
			rc = SPI_execute_with_args(sql, nparams, argtypes, values, nulls, false, 0);
		}
		if (rc < 0)
			ereport(ERROR, errcode(ERRCODE_INTERNAL_ERROR),
				errmsg("SPI_execute failed: %s", SPI_result_code_string(rc)));
		if (SPI_tuptable != NULL)
		{
			TupleDescOpaque desc = SPI_tuptable->tupdesc;
			int natts = TupleDescNatts(desc);
			uint64 nrows = SPI_processed;
			nout = 2 + 2 * natts + (int)nrows * natts;
			out = palloc0(sizeof(char *) * (size_t)nout);
			outlen = palloc0(sizeof(int) * (size_t)nout);
			out[0] = "rows";
			out[1] = psprintf("%d", natts);
			for (int c = 0; c < natts; c++)
			{
				out[2 + c] = SPI_fname(desc, c + 1);
				out[2 + natts + c] = psprintf("%u", SPI_gettypeid(desc, c + 1));
			}
			for (uint64 r = 0; r < nrows; r++)
				for (int c = 0; c < natts; c++)
				{
					bool isnull;
					Datum v = SPI_getbinval(SPI_tuptable->vals[r], desc, c + 1, &isnull);
					out[2 + 2 * natts + r * natts + c] = isnull ? NULL : datum_json(v, SPI_gettypeid(desc, c + 1));
				}
		}
		else
		{
			nout = 2;
			out = palloc0(sizeof(char *) * 2);
			outlen = palloc0(sizeof(int) * 2);
			out[0] = "count";
			out[1] = psprintf("%llu", (unsigned long long)SPI_processed);
		}
		ReleaseCurrentSubTransaction();
		MemoryContextSwitchTo(caller);
		CurrentResourceOwner = owner;
	}
	PG_CATCH();
	{
		MemoryContextSwitchTo(caller);
		ErrorData *edata = CopyErrorData();
		FlushErrorState();
		RollbackAndReleaseCurrentSubTransaction();
		MemoryContextSwitchTo(caller);
		CurrentResourceOwner = owner;
		reply = 'E';
		nout = 4;
		out = palloc0(sizeof(char *) * 4);
		outlen = palloc0(sizeof(int) * 4);
		out[0] = sqlstate_text(edata->sqlerrcode);
		out[1] = edata->message ? edata->message : "error";
		out[2] = edata->detail;
		out[3] = edata->hint;
	}
	PG_END_TRY();
	for (int i = 0; i < nout; i++)
		outlen[i] = out[i] ? (int)strlen(out[i]) : 0;
	bridge_send(reply, nout, out, outlen);
}

/* Serves the sandbox's requests until it answers; returns the result frame. */
static BridgeFrame *converse(void)
{
	bool connected = false;
	/* Frames and results live in the caller's context: SPI_finish frees SPI's own. */
	MemoryContext caller = CurrentMemoryContext;
	for (;;)
	{
		BridgeFrame *f = bridge_receive();
		switch (f->type)
		{
		case 'x':
			if (!connected)
			{
				if (SPI_connect() < 0)
					ereport(ERROR, errcode(ERRCODE_INTERNAL_ERROR), errmsg("plv8: SPI_connect failed"));
				MemoryContextSwitchTo(caller);
				connected = true;
			}
			run_execute(f);
			break;
		case 'l':
		{
			int level = field(f, 0) ? atoi(field(f, 0)) : NOTICE;
			if (level >= ERROR)
				level = NOTICE;
			ereport(level, errmsg("%s", field(f, 1) ? field(f, 1) : ""));
			bridge_send('k', 0, NULL, NULL);
			break;
		}
		case 'r':
		case 'e':
			if (connected)
				SPI_finish();
			return f;
		default:
			bridge_reset();
			ereport(ERROR, errcode(ERRCODE_PROTOCOL_VIOLATION_BRIDGE),
				errmsg("extension \"plv8\": unexpected request '%c' from the stack's bridge", f->type));
		}
	}
}

static BridgeFrame *call_sandbox(int nfields, const char **data)
{
	int *len = palloc0(sizeof(int) * (size_t)nfields);
	for (int i = 0; i < nfields; i++)
		len[i] = data[i] ? (int)strlen(data[i]) : 0;
	BridgeFrame *result = NULL;
	PG_TRY();
	{
		bridge_send('P', nfields, data, len);
		result = converse();
	}
	PG_CATCH();
	{
		/* The conversation stopped half-way: the stack drops this session's state. */
		bridge_reset();
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (result->type == 'e')
		bridge_raise(result);
	return result;
}

PG_FUNCTION_INFO_V1(plv8_call_handler);
Datum plv8_call_handler(PG_FUNCTION_ARGS)
{
	Oid fn = fcinfo->flinfo->fn_oid;
	Oid *declared = NULL;
	int ndeclared = 0;
	get_func_signature(fn, &declared, &ndeclared);
	Oid rettype = get_fn_expr_rettype(fcinfo->flinfo);
	if (rettype == InvalidOid)
		rettype = get_func_rettype(fn);
	int nargs = fcinfo->nargs;
	int nfields = 4 + 2 * nargs;
	const char **data = palloc0(sizeof(char *) * (size_t)nfields);
	data[0] = "call";
	data[1] = psprintf("%u", fn);
	data[2] = psprintf("%u", rettype);
	data[3] = psprintf("%d", nargs);
	for (int i = 0; i < nargs; i++)
	{
		Oid type = get_fn_expr_argtype(fcinfo->flinfo, i);
		if (type == InvalidOid && i < ndeclared)
			type = declared[i];
		data[4 + 2 * i] = psprintf("%u", type);
		data[5 + 2 * i] = PG_ARGISNULL(i) ? NULL : datum_json(PG_GETARG_DATUM(i), type);
	}
	BridgeFrame *result = call_sandbox(nfields, data);
	const char *value = field(result, 0);
	if (value == NULL || rettype == VOIDOID)
	{
		if (rettype == VOIDOID)
			PG_RETURN_VOID();
		PG_RETURN_NULL();
	}
	Oid input, ioparam;
	getTypeInputInfo(rettype, &input, &ioparam);
	PG_RETURN_DATUM(OidInputFunctionCall(input, (char *)value, ioparam, -1));
}

PG_FUNCTION_INFO_V1(plv8_inline_handler);
Datum plv8_inline_handler(PG_FUNCTION_ARGS)
{
	InlineCodeBlockHead *block = (InlineCodeBlockHead *)PG_GETARG_POINTER(0);
	const char *data[2] = {"inline", block->source_text};
	call_sandbox(2, data);
	PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(plv8_call_validator);
Datum plv8_call_validator(PG_FUNCTION_ARGS)
{
	Oid fn = PG_GETARG_OID(0);
	const char *check = GetConfigOption("check_function_bodies", true, false);
	const char *socket = GetConfigOption("plv8.bridge_socket", true, false);
	/* As plv8 does under check_function_bodies = off (pg_dump); and with no stack, the call will say why. */
	if ((check && strcmp(check, "off") == 0) || socket == NULL || socket[0] == '\0')
		PG_RETURN_VOID();
	const char *data[2] = {"validate", psprintf("%u", fn)};
	call_sandbox(2, data);
	PG_RETURN_VOID();
}
