/*
 * opsdesk_world: what a QA world (docs/qa.md) needs from inside its database's backends.
 * Loaded only into world databases (`session_preload_libraries` set on each world's
 * database by the stack), never into a project's own database.
 *
 * - Its own clock: the transaction and statement start timestamps are moved forward by
 *   the world's offset before a statement runs, so now(), CURRENT_TIMESTAMP,
 *   CURRENT_DATE, LOCALTIMESTAMP, transaction_timestamp(), statement_timestamp(), column
 *   defaults and triggers all read the world's time. clock_timestamp(), timeofday(),
 *   commit timestamps (replication) and the server's own bookkeeping (pg_stat_activity,
 *   autovacuum) keep the real time.
 * - A slow database on demand: every top-level statement waits the world's delay first
 *   (cancellable: statement_timeout and pg_cancel_backend end the wait).
 *
 * The stack writes both numbers into a small file per world database,
 * <data_directory>/opsdesk_world/<database oid>, which each backend maps read-only once
 * and reads with one load per statement: a change is seen by the next statement of every
 * connection, with no signal or reload. The file is written by the server's owner only.
 */
#include "../abi/pg17.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

PG_MODULE_MAGIC;

/* The file's layout (world-control.ts writes it): 8 little-endian int64 slots. */
#define WORLD_MAGIC INT64_C(0x444c524f574b5344) /* "DSKWORLD" */
typedef struct WorldControl
{
	int64 magic;
	int64 clock_offset_us;
	int64 statement_delay_us;
	int64 reserved[5];
} WorldControl;

static volatile const WorldControl *control = NULL;
static ExecutorStart_hook_type prev_executor_start = NULL;
static ProcessUtility_hook_type prev_process_utility = NULL;

/* Whether this transaction's start timestamp has been moved already. */
static bool xact_moved = false;
/* The last statement start timestamp this library set (so one statement moves once). */
static TimestampTz statement_moved_to = 0;
/* The statement whose delay has been served (its real start timestamp). */
static TimestampTz statement_delayed = 0;

static void
map_control(void)
{
	char path[1024];
	int fd;
	void *mapped;

	if (DataDir == NULL || snprintf(path, sizeof(path), "%s/opsdesk_world/%u", DataDir, MyDatabaseId) >= (int)sizeof(path))
		return;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	mapped = mmap(NULL, sizeof(WorldControl), PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (mapped == MAP_FAILED)
		return;
	if (((const WorldControl *)mapped)->magic != WORLD_MAGIC)
	{
		munmap(mapped, sizeof(WorldControl));
		return;
	}
	control = (volatile const WorldControl *)mapped;
}

static void
before_statement(void)
{
	int64 offset;
	int64 delay;
	TimestampTz xact;
	TimestampTz stmt;

	/* Parallel workers inherit the leader's (already moved) timestamps. */
	if (control == NULL || ParallelWorkerNumber >= 0)
		return;
	offset = control->clock_offset_us;
	delay = control->statement_delay_us;

	stmt = GetCurrentStatementStartTimestamp();
	if (delay > 0 && stmt != statement_delayed && stmt != statement_moved_to)
	{
		statement_delayed = stmt;
		while (delay > 0)
		{
			long slice = delay > 10000 ? 10000 : (long)delay;

			CHECK_FOR_INTERRUPTS();
			pg_usleep(slice);
			delay -= slice;
		}
		CHECK_FOR_INTERRUPTS();
	}

	if (offset == 0 && !xact_moved)
		return;
	xact = GetCurrentTransactionStartTimestamp();
	if (!xact_moved)
	{
		xact += offset;
		xact_moved = true;
	}
	if (stmt != statement_moved_to)
	{
		stmt += offset;
		statement_moved_to = stmt;
	}
	SetParallelStartTimestamps(xact, stmt);
}

static void
world_executor_start(QueryDesc *queryDesc, int eflags)
{
	before_statement();
	if (prev_executor_start)
		prev_executor_start(queryDesc, eflags);
	else
		standard_ExecutorStart(queryDesc, eflags);
}

static void
world_process_utility(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree, ProcessUtilityContext context,
		      ParamListInfo params, QueryEnvironment *queryEnv, DestReceiver *dest, QueryCompletion *qc)
{
	before_statement();
	if (prev_process_utility)
		prev_process_utility(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
	else
		standard_ProcessUtility(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
}

static void
world_xact_end(XactEvent event, void *arg)
{
	if (event == XACT_EVENT_COMMIT || event == XACT_EVENT_ABORT || event == XACT_EVENT_PREPARE ||
	    event == XACT_EVENT_PARALLEL_COMMIT || event == XACT_EVENT_PARALLEL_ABORT)
		xact_moved = false;
}

extern PGDLLEXPORT void _PG_init(void);

void
_PG_init(void)
{
	map_control();
	prev_executor_start = ExecutorStart_hook;
	ExecutorStart_hook = world_executor_start;
	prev_process_utility = ProcessUtility_hook;
	ProcessUtility_hook = world_process_utility;
	RegisterXactCallback(world_xact_end, NULL);
}
