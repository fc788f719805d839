/*
 * The C side of the stack's bridge (bridge/server.ts speaks the other side): a
 * backend's connection to the Unix socket the running stack serves, frames in and
 * out, and errors that say what to do when the stack is not there.
 */
#ifndef OPSDESK_BRIDGE_H
#define OPSDESK_BRIDGE_H

#include "../abi/pg17.h"

typedef struct
{
	char type;
	int nfields;
	char **data; /* NUL-terminated copies; NULL for a NULL field */
	int *len;
} BridgeFrame;

/* Defines `<extension>.bridge_socket` (superuser-only; the stack sets it per database). */
void bridge_init(const char *extension);
/* Sends a frame, connecting first when needed. */
void bridge_send(char type, int nfields, const char *const *data, const int *len);
/* Waits for the next frame, serving query cancels; errors if the stack went away. */
BridgeFrame *bridge_receive(void);
/* Forgets the connection (after an error left the conversation half-way). */
void bridge_reset(void);
/* Raises the error a bridge 'e' frame carries: sqlstate, message, detail, hint. */
void bridge_raise(const BridgeFrame *frame) __attribute__((noreturn));

#endif
