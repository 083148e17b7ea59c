#!/bin/bash
# Makes the cluster on a first start (an empty $PGDATA), then runs PostgreSQL in the foreground.
set -euo pipefail
: "${POSTGRES_USER:?set POSTGRES_USER}" "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" "${POSTGRES_DB:=$POSTGRES_USER}"
# The mark is written last: a first start that failed half-way is said so, not served broken.
if [ -s "$PGDATA/PG_VERSION" ] && [ ! -f "$PGDATA/reel-initialized" ]; then
    echo "postgres-entrypoint: an earlier first start did not finish; remove the data volume and start again" >&2
    exit 1
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    initdb --username=postgres --auth-local=peer --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
    # Single-user mode (one statement a line): nothing listens until the role and database exist.
    # Quotes doubled for SQL.
    password=${POSTGRES_PASSWORD//\'/\'\'}
    # Single-user mode exits 0 whatever a statement did: its output is read for an ERROR.
    made=$(postgres --single -D "$PGDATA" postgres 2>&1 <<SQL
CREATE ROLE "$POSTGRES_USER" LOGIN PASSWORD '$password'
CREATE DATABASE "$POSTGRES_DB" OWNER "$POSTGRES_USER"
SQL
)
    if grep -q "ERROR" <<<"$made"; then
        echo "postgres-entrypoint: making the role or database failed:" >&2
        grep "ERROR" <<<"$made" >&2
        exit 1
    fi
    {
        echo "listen_addresses = '*'"
        echo "password_encryption = scram-sha-256"
    } >> "$PGDATA/postgresql.conf"
    {
        echo "host all all 0.0.0.0/0 scram-sha-256"
        echo "host all all ::/0 scram-sha-256"
    } >> "$PGDATA/pg_hba.conf"
    touch "$PGDATA/reel-initialized"
    echo "postgres-entrypoint: made the cluster, role $POSTGRES_USER and database $POSTGRES_DB"
fi
exec postgres -D "$PGDATA"
