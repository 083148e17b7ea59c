#ifndef REEL_CSQLITE_SHIM_H
#define REEL_CSQLITE_SHIM_H
#include <sqlite3.h>
// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies bound text at once.
static inline sqlite3_destructor_type reel_sqlite_transient(void) { return SQLITE_TRANSIENT; }
// sqlite3_config is variadic, which Swift cannot call. Memory statistics cost a process-wide mutex
// on every allocation of every connection; Reel never reads them. Must run before the first open.
static inline int reel_sqlite_disable_memstatus(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
#endif
