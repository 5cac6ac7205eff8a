#!/bin/sh
# The one login the services use, from the environment (never baked into the image).
set -eu
: "${DB_USER:?set DB_USER}" "${DB_PASSWORD:?set DB_PASSWORD}"
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > /run/pgbouncer/userlist.txt
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
