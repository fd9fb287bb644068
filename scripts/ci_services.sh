#!/usr/bin/env bash
# Install the system services the web tests need, only when they are missing.
#
# `make test` runs this before pytest. It is idempotent and returns at once when
# Chromium (for Playwright, never `playwright install`: browser downloads fail on
# these machines) and the PostgreSQL server binaries are present. It starts nothing
# and exports nothing: tests/web/conftest.py starts a private PostgreSQL itself.
set -euo pipefail

need=()
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
    need+=(chromium)
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    need+=(postgresql)
fi

if [ ${#need[@]} -eq 0 ]; then
    echo "ci_services: chromium and postgresql present"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
echo "ci_services: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
echo "ci_services: installed ${need[*]}"
