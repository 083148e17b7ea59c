#ifndef REEL_CLIBPQ_SHIM_H
#define REEL_CLIBPQ_SHIM_H
#include <libpq-fe.h>

/* The diagnostic field codes are character macros, which Swift does not import. */
static inline const char *reel_pq_sqlstate(const PGresult *res) { return PQresultErrorField(res, PG_DIAG_SQLSTATE); }
static inline const char *reel_pq_message(const PGresult *res) { return PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY); }

#endif
