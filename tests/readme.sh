#!/bin/sh
# The README's first screen does what it says (TAP output): its first
# block is the two commands for a fresh machine (the install-and-build line
# ends by running cgannotate on the demo profile, the second is make check),
# and each command of the next block, "what you get", runs in data/ with
# the program under test, exits with 0 and writes something.
#
# usage: tests/readme.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
. "$here/tap.sh"
tap_program "${1:-}" "$top/src/cgannotate"
tap_scratch readme

# The lines of the README's code block number $1 (from 1).
block() {
    awk -v want="$1" '/^```/ { if (open) { open = 0; next } open = 1; k++; next }
                      open && k == want' "$top/README.md"
}


block 1 > "$tmp/first"
if [ "$(wc -l < "$tmp/first")" -eq 2 ] &&
   head -n 1 "$tmp/first" | grep -q '^apt-get update && apt-get install -y .*cgannotate callgrind.out.demo)$' &&
   [ "$(sed -n 2p "$tmp/first")" = "make check" ]; then
    result ok "the first block: install, build and run on the demo profile; make check"
else
    result fail "the first block is not the two commands"
fi

cp -r "$top/data" "$tmp/data"
chmod -R u+w "$tmp/data"
block 2 > "$tmp/second"
[ -s "$tmp/second" ] || result fail "no second block"
while IFS= read -r line; do
    cmd=${line%%#*}
    case $cmd in *'| dot '*) command -v dot > /dev/null 2>&1 || { echo "ok $((n + 1)) # SKIP no dot"; n=$((n + 1)); continue; } ;; esac
    # The block names the program as ../src/cgannotate, from data/.
    cmd=$(printf '%s\n' "$cmd" | sed "s#\\.\\./src/cgannotate#'$prog'#g")
    if (cd "$tmp/data" && sh -c "$cmd" > "$tmp/out" 2> "$tmp/err") &&
       { [ -s "$tmp/out" ] || [ -n "$(find "$tmp/data" -newer "$tmp/second" -type f -size +0)" ]; } &&
       [ ! -s "$tmp/err" ]; then
        result ok "${line%%#*}"
    else
        result fail "${line%%#*}"
        sed 's/^/# /' "$tmp/err"
    fi
    find "$tmp/data" -newer "$tmp/second" -type f -exec rm -f {} +
done < "$tmp/second"
tap_plan
exit 0
