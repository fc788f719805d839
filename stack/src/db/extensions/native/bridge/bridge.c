/*
 * The backend's end of the stack's bridge. One connection per backend and extension,
 * kept across calls (plv8 keeps its JavaScript session on it). A read waits with
 * poll() so a query cancel or statement_timeout still ends the wait; any error in the
 * middle of a conversation drops the connection, and the next call starts afresh.
 * See docs/extensions-native.md.
 */
#define _GNU_SOURCE 1 /* POLLRDHUP */
#include "bridge.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static const char *bridge_extension = "bridge";
static char *bridge_socket_setting = NULL;
static int bridge_fd = -1;

void bridge_init(const char *extension)
{
	static char name[64];
	bridge_extension = extension;
	snprintf(name, sizeof name, "%s.bridge_socket", extension);
	DefineCustomStringVariable(name, "Unix socket of the Opsdesk stack's bridge (set by the stack per database)",
				   NULL, &bridge_socket_setting, "", PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE, NULL,
				   NULL, NULL);
}

void bridge_reset(void)
{
	if (bridge_fd >= 0)
		close(bridge_fd);
	bridge_fd = -1;
}

static void bridge_connect(void)
{
	if (bridge_fd >= 0)
	{
		/* Between calls nothing may arrive: anything readable means the stack closed this one. */
		struct pollfd p = {bridge_fd, POLLIN | POLLRDHUP, 0};
		if (poll(&p, 1, 0) == 0)
			return;
		bridge_reset();
	}
	if (bridge_socket_setting == NULL || bridge_socket_setting[0] == '\0')
		ereport(ERROR, errcode(ERRCODE_CONNECTION_FAILURE),
			errmsg("extension \"%s\" works through the Opsdesk stack, and this database is not served by a running stack",
			       bridge_extension),
			errdetail("%s.bridge_socket is not set for this database.", bridge_extension),
			errhint("Start the stack (npm run stack); it sets the socket when it starts."));
	struct sockaddr_un address;
	memset(&address, 0, sizeof address);
	address.sun_family = AF_UNIX;
	if (strlen(bridge_socket_setting) >= sizeof address.sun_path)
		ereport(ERROR, errcode(ERRCODE_CONNECTION_FAILURE),
			errmsg("extension \"%s\": the bridge socket path is too long", bridge_extension));
	strcpy(address.sun_path, bridge_socket_setting);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		ereport(ERROR, errcode(ERRCODE_CONNECTION_FAILURE),
			errmsg("extension \"%s\": could not create a socket: %s", bridge_extension, strerror(errno)));
	if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0)
	{
		int saved = errno;
		close(fd);
		ereport(ERROR, errcode(ERRCODE_CONNECTION_FAILURE),
			errmsg("extension \"%s\" works through the Opsdesk stack, and the stack that serves this database is not running",
			       bridge_extension),
			errdetail("Connecting to its bridge at %s failed: %s.", bridge_socket_setting, strerror(saved)),
			errhint("Start the stack again (npm run stack): the database outlived it."));
	}
	bridge_fd = fd;
}

static void write_all(const char *data, size_t size)
{
	while (size > 0)
	{
		ssize_t n = write(bridge_fd, data, size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
		{
			int saved = errno;
			bridge_reset();
			ereport(ERROR, errcode(ERRCODE_CONNECTION_FAILURE),
				errmsg("extension \"%s\": the Opsdesk stack's bridge went away (%s)", bridge_extension,
				       strerror(saved)),
				errhint("Start the stack again (npm run stack)."));
		}
		data += n;
		size -= (size_t)n;
	}
}

static void put_u32(char *at, uint32 v)
{
	at[0] = (char)(v >> 24);
	at[1] = (char)(v >> 16);
	at[2] = (char)(v >> 8);
	at[3] = (char)v;
}

static uint32 get_u32(const char *at)
{
	const unsigned char *u = (const unsigned char *)at;
	return ((uint32)u[0] << 24) | ((uint32)u[1] << 16) | ((uint32)u[2] << 8) | u[3];
}

void bridge_send(char type, int nfields, const char *const *data, const int *len)
{
	bridge_connect();
	size_t size = 3;
	for (int i = 0; i < nfields; i++)
		size += 4 + (data[i] ? (size_t)len[i] : 0);
	if (size > 1024u * 1024u * 1024u)
		ereport(ERROR, errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			errmsg("extension \"%s\": request too large for the bridge", bridge_extension));
	char *frame = palloc(4 + size);
	put_u32(frame, (uint32)size);
	frame[4] = type;
	frame[5] = (char)(nfields >> 8);
	frame[6] = (char)nfields;
	char *at = frame + 7;
	for (int i = 0; i < nfields; i++)
	{
		put_u32(at, data[i] ? (uint32)len[i] : 0xFFFFFFFFu);
		at += 4;
		if (data[i])
		{
			memcpy(at, data[i], (size_t)len[i]);
			at += len[i];
		}
	}
	write_all(frame, 4 + size);
	pfree(frame);
}

/* Reads exactly `size` bytes, waiting in slices so interrupts are served. */
static void read_all(char *into, size_t size)
{
	while (size > 0)
	{
		struct pollfd p = {bridge_fd, POLLIN, 0};
		int ready = poll(&p, 1, 1000);
		CHECK_FOR_INTERRUPTS();
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready == 0)
			continue;
		ssize_t n = read(bridge_fd, into, size);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
		{
			bridge_reset();
			ereport(ERROR, errcode(ERRCODE_CONNECTION_FAILURE),
				errmsg("extension \"%s\": the Opsdesk stack's bridge closed the connection (the stack stopped?)",
				       bridge_extension),
				errhint("Start the stack again (npm run stack) and retry."));
		}
		into += n;
		size -= (size_t)n;
	}
}

BridgeFrame *bridge_receive(void)
{
	char head[4];
	BridgeFrame *frame = NULL;
	PG_TRY();
	{
		if (bridge_fd < 0)
			ereport(ERROR, errcode(ERRCODE_PROTOCOL_VIOLATION_BRIDGE),
				errmsg("extension \"%s\": no request is waiting for the stack's answer", bridge_extension));
		read_all(head, 4);
		uint32 size = get_u32(head);
		if (size < 3 || size > 1024u * 1024u * 1024u)
			ereport(ERROR, errcode(ERRCODE_PROTOCOL_VIOLATION_BRIDGE),
				errmsg("extension \"%s\": malformed frame from the stack's bridge", bridge_extension));
		char *body = palloc(size);
		read_all(body, size);
		frame = palloc0(sizeof(BridgeFrame));
		frame->type = body[0];
		frame->nfields = ((unsigned char)body[1] << 8) | (unsigned char)body[2];
		frame->data = palloc0(sizeof(char *) * (size_t)(frame->nfields + 1));
		frame->len = palloc0(sizeof(int) * (size_t)(frame->nfields + 1));
		uint32 at = 3;
		for (int i = 0; i < frame->nfields; i++)
		{
			if (at + 4 > size)
				ereport(ERROR, errcode(ERRCODE_PROTOCOL_VIOLATION_BRIDGE),
					errmsg("extension \"%s\": truncated frame from the stack's bridge", bridge_extension));
			uint32 len = get_u32(body + at);
			at += 4;
			if (len == 0xFFFFFFFFu)
				continue;
			if (len > size - at)
				ereport(ERROR, errcode(ERRCODE_PROTOCOL_VIOLATION_BRIDGE),
					errmsg("extension \"%s\": truncated frame from the stack's bridge", bridge_extension));
			frame->data[i] = palloc(len + 1);
			memcpy(frame->data[i], body + at, len);
			frame->data[i][len] = '\0';
			frame->len[i] = (int)len;
			at += len;
		}
		pfree(body);
	}
	PG_CATCH();
	{
		bridge_reset();
		PG_RE_THROW();
	}
	PG_END_TRY();
	return frame;
}

void bridge_raise(const BridgeFrame *frame)
{
	const char *state = frame->nfields > 0 && frame->data[0] && frame->len[0] == 5 ? frame->data[0] : "XX000";
	const char *message = frame->nfields > 1 && frame->data[1] ? frame->data[1] : "error from the stack's bridge";
	const char *detail = frame->nfields > 2 ? frame->data[2] : NULL;
	const char *hint = frame->nfields > 3 ? frame->data[3] : NULL;
	int code = MAKE_SQLSTATE(state[0], state[1], state[2], state[3], state[4]);
	ereport(ERROR, errcode(code), errmsg("%s", message), detail ? errdetail("%s", detail) : 0,
		hint ? errhint("%s", hint) : 0);
}
