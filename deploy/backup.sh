#!/bin/sh
# One backup of the shop's database into BACKUP_DIR (default /var/lib/proxydesk/backups), readable by its owner
# only, keeping the newest BACKUP_KEEP (default 14). Run by proxydesk-backup.timer; by hand from /opt/proxydesk.
set -eu
umask 077
dir="${BACKUP_DIR:-/var/lib/proxydesk/backups}"
keep="${BACKUP_KEEP:-14}"
case "$keep" in '' | *[!0-9]* | 0) echo "BACKUP_KEEP must be a whole number of 1 or more, not '$keep'" >&2; exit 2 ;; esac
mkdir -p "$dir"
chmod 0700 "$dir"
file="$dir/proxydesk-$(date -u +%Y%m%dT%H%M%S.%NZ).backup"
node "$(dirname "$0")/../scripts/admin.mjs" backup "$file"
chmod 0600 "$file"
# The newest $keep stay; the names sort by time.
ls -1 "$dir"/proxydesk-*.backup | sort -r | tail -n +"$((keep + 1))" | while read -r old; do rm -f -- "$old"; done
