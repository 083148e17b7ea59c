#!/bin/bash
# Makes the cluster on a first start (an empty $PGDATA), then runs PostgreSQL in the foreground.
set -euo pipefail
: "${POSTGRES_USER:?set POSTGRES_USER}" "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    initdb --username=postgres --auth-local=peer --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
    # Single-user mode (one statement a line): nothing listens until the role and database exist.
    # Quotes doubled for SQL.
    password=${POSTGRES_PASSWORD//\'/\'\'}
    postgres --single -D "$PGDATA" postgres >/dev/null <<SQL
CREATE ROLE "$POSTGRES_USER" LOGIN PASSWORD '$password'
CREATE DATABASE "$POSTGRES_DB" OWNER "$POSTGRES_USER"
SQL
    {
        echo "listen_addresses = '*'"
        echo "password_encryption = scram-sha-256"
    } >> "$PGDATA/postgresql.conf"
    {
        echo "host all all 0.0.0.0/0 scram-sha-256"
        echo "host all all ::/0 scram-sha-256"
    } >> "$PGDATA/pg_hba.conf"
    echo "postgres-entrypoint: made the cluster, role $POSTGRES_USER and database $POSTGRES_DB"
fi
exec postgres -D "$PGDATA"
