# A checker kept running by a shard and handed its requests, for the
# checks a python3 start would cost more than; sourced.  The shard's
# standard input and output stay its own: the checker talks through two
# FIFOs in $shard_dir, on descriptors 3 and 4 (one checker per shard).
#
#   serve WORD...   serve_line: the checker's one-line answer to WORD...,
#                   sent as the number of words on a line, then each word
#                   on a line of its own (no word may hold a newline).  The
#                   checker is the shell function serve_checker, started at
#                   the shard's first request, reading requests on its
#                   standard input; its errors go to $shard_dir/serve.err.
#                   Not from a subshell: the checker would end with it.
#                   Once the checker ended, returns 1 with serve_line
#                   saying so (and the first line of its errors).
#   serve_check WORD...
#                   serve, for checkers that answer with a TAP line: once
#                   the checker ended, serve_line is "not ok - WORD...: "
#                   and why.

serve() {
    if [ ! -p "$shard_dir/serve.ask" ]; then
        mkfifo "$shard_dir/serve.ask" "$shard_dir/serve.answer" || exit 99
        serve_checker < "$shard_dir/serve.ask" > "$shard_dir/serve.answer" 2> "$shard_dir/serve.err" &
        exec 3> "$shard_dir/serve.ask" 4< "$shard_dir/serve.answer"
        # A checker that ended fails the requests after it, not the shard.
        trap '' PIPE
    fi
    { echo $#; printf '%s\n' "$@"; } >&3
    IFS= read -r serve_line <&4 && return
    serve_line="the checker ended: $(head -n 1 "$shard_dir/serve.err")"
    return 1
}

serve_check() {
    serve "$@" || serve_line="not ok - $*: $serve_line"
}
