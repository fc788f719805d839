/*
 * The stack's pgsql-http: `http()` and friends make synchronous HTTP requests from
 * SQL. The request goes over the bridge to the running stack, which performs it with
 * Node's fetch (TLS, redirects, decompression) and sends back status, headers and
 * body; the backend waits, and a query cancel or statement_timeout still ends the
 * wait. The run-time curl options pgsql-http accepts are kept per session and sent
 * with each request. See docs/extensions-native.md.
 */
#include "../bridge/bridge.h"
#include <strings.h>

PG_MODULE_MAGIC;

static int http_timeout_msec = 0;
static bool http_keepalive = false;
extern void DefineCustomBoolVariable(const char *name, const char *short_desc, const char *long_desc, bool *valueAddr,
				     bool bootValue, GucContext context, int flags, void *check_hook, void *assign_hook,
				     void *show_hook);

/* The curl options pgsql-http lets a session set, and their values here. */
static const char *const settable[] = {
	"CURLOPT_CAINFO", "CURLOPT_TIMEOUT", "CURLOPT_TIMEOUT_MS", "CURLOPT_CONNECTTIMEOUT", "CURLOPT_CONNECTTIMEOUT_MS",
	"CURLOPT_USERAGENT", "CURLOPT_USERPWD", "CURLOPT_IPRESOLVE", "CURLOPT_SSLCERTTYPE", "CURLOPT_PROXY",
	"CURLOPT_PROXYPORT", "CURLOPT_PROXYUSERNAME", "CURLOPT_PROXYPASSWORD", "CURLOPT_TLSAUTH_USERNAME",
	"CURLOPT_TLSAUTH_PASSWORD", "CURLOPT_TLSAUTH_TYPE", "CURLOPT_DNS_SERVERS", "CURLOPT_TCP_KEEPALIVE",
	"CURLOPT_TCP_KEEPIDLE", "CURLOPT_SSL_VERIFYHOST", "CURLOPT_SSL_VERIFYPEER", "CURLOPT_SSLCERT", "CURLOPT_SSLKEY",
	"CURLOPT_PRE_PROXY", "CURLOPT_PROXY_CAINFO", "CURLOPT_PROXY_TLSAUTH_USERNAME", "CURLOPT_PROXY_TLSAUTH_PASSWORD",
	"CURLOPT_PROXY_TLSAUTH_TYPE", NULL};
#define SETTABLE_COUNT (sizeof settable / sizeof settable[0] - 1)
static char *curlopt_values[SETTABLE_COUNT];

extern PGDLLEXPORT void _PG_init(void);
void _PG_init(void)
{
	bridge_init("http");
	DefineCustomIntVariable("http.timeout_msec", "request completion timeout in milliseconds", NULL,
				&http_timeout_msec, 0, 0, INT_MAX, PGC_USERSET, GUC_NOT_IN_SAMPLE, NULL, NULL, NULL);
	DefineCustomBoolVariable("http.keepalive", "reuse existing connections with keepalive", NULL, &http_keepalive,
				 false, PGC_USERSET, GUC_NOT_IN_SAMPLE, NULL, NULL, NULL);
}

static char *arg_text(FunctionCallInfo fcinfo, int n)
{
	return PG_ARGISNULL(n) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(n));
}

static int text_array(FunctionCallInfo fcinfo, int n, char ***out)
{
	if (PG_ARGISNULL(n))
	{
		*out = NULL;
		return 0;
	}
	Datum *elems;
	bool *nulls;
	int count;
	deconstruct_array(PG_GETARG_ARRAYTYPE_P(n), TEXTOID, -1, false, 'i', &elems, &nulls, &count);
	*out = palloc0(sizeof(char *) * (size_t)(count + 1));
	for (int i = 0; i < count; i++)
		(*out)[i] = nulls[i] ? NULL : text_to_cstring((text *)pg_detoast_datum_packed((struct varlena *)elems[i]));
	return count;
}

/*
 * _http_perform(method, uri, header names, header values, content type, content)
 * returns text[]: {status, content type, content, name1, value1, ...}.
 */
PG_FUNCTION_INFO_V1(http_perform);
Datum http_perform(PG_FUNCTION_ARGS)
{
	char *method = arg_text(fcinfo, 0);
	char *uri = arg_text(fcinfo, 1);
	char **names, **values;
	int nnames = text_array(fcinfo, 2, &names);
	int nvalues = text_array(fcinfo, 3, &values);
	char *content_type = arg_text(fcinfo, 4);
	char *content = arg_text(fcinfo, 5);
	if (uri == NULL)
		ereport(ERROR, errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("http_request.uri is NULL"));
	if (method == NULL)
		ereport(ERROR, errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("http_request.method is NULL"));
	if (content != NULL && content_type == NULL)
		ereport(ERROR, errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("http_request.content_type is NULL"));
	if (content == NULL && (strcasecmp(method, "PUT") == 0 || strcasecmp(method, "POST") == 0))
		ereport(ERROR, errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("http_request.content is NULL"));

	/* Options: timeout first, then every curl option set in this session. */
	StringInfoData options;
	options.data = palloc(256);
	options.maxlen = 256;
	options.len = 0;
	options.cursor = 0;
	{
		char line[64];
		int n = snprintf(line, sizeof line, "http.timeout_msec=%d\nhttp.keepalive=%d\n", http_timeout_msec,
				 http_keepalive ? 1 : 0);
		appendBinaryStringInfo(&options, line, n);
	}
	for (size_t i = 0; i < SETTABLE_COUNT; i++)
		if (curlopt_values[i])
		{
			appendBinaryStringInfo(&options, settable[i], (int)strlen(settable[i]));
			appendBinaryStringInfo(&options, "=", 1);
			appendBinaryStringInfo(&options, curlopt_values[i], (int)strlen(curlopt_values[i]));
			appendBinaryStringInfo(&options, "\n", 1);
		}

	int nheaders = nnames < nvalues ? nnames : nvalues;
	int nfields = 5 + 2 * nheaders;
	const char **data = palloc0(sizeof(char *) * (size_t)nfields);
	int *len = palloc0(sizeof(int) * (size_t)nfields);
	data[0] = method;
	data[1] = uri;
	data[2] = content_type;
	data[3] = content;
	data[4] = options.data;
	len[4] = options.len;
	for (int i = 0; i < 4; i++)
		len[i] = data[i] ? (int)strlen(data[i]) : 0;
	for (int i = 0; i < nheaders; i++)
	{
		data[5 + 2 * i] = names[i];
		data[6 + 2 * i] = values[i];
		len[5 + 2 * i] = names[i] ? (int)strlen(names[i]) : 0;
		len[6 + 2 * i] = values[i] ? (int)strlen(values[i]) : 0;
	}

	BridgeFrame *reply;
	PG_TRY();
	{
		bridge_send('H', nfields, data, len);
		reply = bridge_receive();
	}
	PG_CATCH();
	{
		bridge_reset();
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (reply->type == 'e')
		bridge_raise(reply);
	if (reply->type != 'h' || reply->nfields < 3)
	{
		bridge_reset();
		ereport(ERROR, errcode(ERRCODE_PROTOCOL_VIOLATION_BRIDGE),
			errmsg("extension \"http\": unexpected answer from the stack's bridge"));
	}
	Datum *elems = palloc0(sizeof(Datum) * (size_t)reply->nfields);
	bool *elem_nulls = palloc0(sizeof(bool) * (size_t)reply->nfields);
	for (int i = 0; i < reply->nfields; i++)
	{
		elem_nulls[i] = reply->data[i] == NULL;
		if (!elem_nulls[i])
			elems[i] = PointerGetDatum(cstring_to_text_with_len(reply->data[i], reply->len[i]));
	}
	int dims[1] = {reply->nfields};
	int lbs[1] = {1};
	PG_RETURN_POINTER(construct_md_array(elems, elem_nulls, 1, dims, lbs, TEXTOID, -1, false, 'i'));
}

PG_FUNCTION_INFO_V1(http_set_curlopt);
Datum http_set_curlopt(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_BOOL(false);
	char *name = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char *value = text_to_cstring(PG_GETARG_TEXT_PP(1));
	for (size_t i = 0; i < SETTABLE_COUNT; i++)
		if (strcasecmp(settable[i], name) == 0)
		{
			MemoryContext old = MemoryContextSwitchTo(TopMemoryContext);
			if (curlopt_values[i])
				pfree(curlopt_values[i]);
			curlopt_values[i] = pstrdup(value);
			MemoryContextSwitchTo(old);
			PG_RETURN_BOOL(true);
		}
	ereport(ERROR, errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		errmsg("curl option '%s' is not available for run-time configuration", name));
}

PG_FUNCTION_INFO_V1(http_reset_curlopt);
Datum http_reset_curlopt(PG_FUNCTION_ARGS)
{
	for (size_t i = 0; i < SETTABLE_COUNT; i++)
		if (curlopt_values[i])
		{
			pfree(curlopt_values[i]);
			curlopt_values[i] = NULL;
		}
	PG_RETURN_BOOL(true);
}

/* The options set in this session as text[] {name1, value1, ...} (http_list_curlopt unnests it). */
PG_FUNCTION_INFO_V1(http_curlopts);
Datum http_curlopts(PG_FUNCTION_ARGS)
{
	Datum *elems = palloc0(sizeof(Datum) * 2 * SETTABLE_COUNT);
	int n = 0;
	for (size_t i = 0; i < SETTABLE_COUNT; i++)
		if (curlopt_values[i])
		{
			elems[n++] = PointerGetDatum(cstring_to_text(settable[i]));
			elems[n++] = PointerGetDatum(cstring_to_text(curlopt_values[i]));
		}
	PG_RETURN_POINTER(construct_md_array(elems, NULL, n > 0 ? 1 : 0, (int[]){n}, (int[]){1}, TEXTOID, -1, false, 'i'));
}

/* urlencode as pgsql-http does it: unreserved characters kept, space as '+', the rest %XX. */
static text *urlencode_bytes(const char *in, int len)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = palloc((size_t)len * 3 + 1);
	int n = 0;
	for (int i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char)in[i];
		if (c == '\0')
			break;
		if (c == ' ')
			out[n++] = '+';
		else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
			 c == '_' || c == '~')
			out[n++] = (char)c;
		else
		{
			out[n++] = '%';
			out[n++] = hex[c >> 4];
			out[n++] = hex[c & 15];
		}
	}
	return cstring_to_text_with_len(out, n);
}

PG_FUNCTION_INFO_V1(urlencode);
Datum urlencode(PG_FUNCTION_ARGS)
{
	struct varlena *v = pg_detoast_datum_packed((struct varlena *)PG_GETARG_POINTER(0));
	PG_RETURN_TEXT_P(urlencode_bytes(VARDATA_ANY(v), (int)VARSIZE_ANY_EXHDR(v)));
}
