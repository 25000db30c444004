#!/bin/sh
# Run once by the postgres image when it creates its data directory (docker-entrypoint-initdb.d).
# Creates the app's login (docs/deploy.md, "Two database logins"): a plain member of atrium_app that
# is no superuser and owns nothing, so SQL on the app's connection cannot RESET ROLE out of its
# tenant (decision 016). atrium_app is created as migration 0008 would; the owner (POSTGRES_USER)
# runs the migrations with MIGRATION_DATABASE_URL.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_login="$ATRIUM_DB_USER" -v app_password="$ATRIUM_DB_PASSWORD" <<'SQL'
SELECT NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atrium_app') AS missing \gset
\if :missing
CREATE ROLE atrium_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
\endif
CREATE ROLE :"app_login" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD :'app_password';
GRANT atrium_app TO :"app_login";
SQL
