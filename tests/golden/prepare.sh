# Shared set-up for the golden tests, sourced by run.sh and regen.
#
# golden_prepare DATA SCRATCH
#   Copies DATA (tests/golden/data) into the existing directory SCRATCH, and
#   the sources of tests/progs into SCRATCH/progs, and makes it ready for the
#   cases:
#     - every file writable by the owner (the source tree may be read-only);
#     - each FILE.tmpl replaced by FILE, with @DIR@ replaced by the absolute
#       physical path of SCRATCH;
#     - every file's modification time set to 2000-01-01 00:00:00 UTC, then
#       that of each file listed in DATA/NEWER (one path per line, relative to
#       DATA) set to 2001-01-01 00:00:00 UTC.
#   Sets golden_dir to the physical path of SCRATCH.
#
# golden_bin BINDIR PROGRAM
#   Creates BINDIR/cgannotate, a symbolic link to PROGRAM (made absolute).
#
# golden_wrapper BINDIR PROGRAM ARGSFILE
#   Creates BINDIR/cgannotate, a script that writes its arguments to ARGSFILE,
#   one per line, and then runs PROGRAM with them.  Used to run the reference,
#   whose output goes through tests/normalize-ref, which needs the arguments.
#
# golden_normalize NORMALIZE ARGSFILE < OUTPUT
#   Runs tests/normalize-ref (path NORMALIZE) with the arguments recorded in
#   ARGSFILE.
#
# golden_case_rc CASESDIR NAME
#   Prints the expected exit status of case NAME (NAME.rc, or 0).

golden_prepare() {
    _gp_data=$1
    _gp_dest=$2
    cp -R "$_gp_data/." "$_gp_dest/" || return 1
    # The profiled programs' sources live once, in tests/progs.
    cp "$_gp_data/../../progs/"*.c "$_gp_data/../../progs/"*.cpp \
       "$_gp_data/../../progs/"*.h "$_gp_dest/progs/" || return 1
    chmod -R u+w "$_gp_dest" || return 1
    golden_dir=$(cd "$_gp_dest" && pwd -P) || return 1

    # Escape the replacement for sed: backslash, ampersand and the delimiter.
    _gp_repl=$(printf '%s\n' "$golden_dir" | sed 's/[\\&|]/\\&/g')
    find "$golden_dir" -type f -name '*.tmpl' | while IFS= read -r _gp_t; do
        sed "s|@DIR@|$_gp_repl|g" "$_gp_t" > "${_gp_t%.tmpl}" || exit 1
        rm -f "$_gp_t"
    done || return 1

    rm -f "$golden_dir/NEWER"
    (
        TZ=UTC
        export TZ
        find "$golden_dir" -type f -exec touch -t 200001010000.00 {} + || exit 1
        if [ -f "$_gp_data/NEWER" ]; then
            grep -v '^[[:space:]]*\(#.*\)\{0,1\}$' "$_gp_data/NEWER" |
            while IFS= read -r _gp_f; do
                touch -t 200101010000.00 "$golden_dir/$_gp_f" || exit 1
            done || exit 1
        fi
    )
}

golden_bin() {
    _gb_dir=$1
    _gb_prog=$2
    case $_gb_prog in
        /*) ;;
        *) _gb_prog=$(pwd)/$_gb_prog ;;
    esac
    mkdir -p "$_gb_dir" &&
    ln -s "$_gb_prog" "$_gb_dir/cgannotate"
}

golden_wrapper() {
    _gw_prog=$2
    case $_gw_prog in
        /*) ;;
        *) _gw_prog=$(pwd)/$_gw_prog ;;
    esac
    mkdir -p "$1" || return 1
    cat > "$1/cgannotate" <<_GW_EOF
#!/bin/sh
: > "$3"
for a in "\$@"; do printf '%s\\n' "\$a" >> "$3"; done
exec "$_gw_prog" "\$@"
_GW_EOF
    chmod +x "$1/cgannotate"
}

golden_normalize() {
    (
        _gn_prog=$1
        _gn_args=$2
        set --
        if [ -f "$_gn_args" ]; then
            while IFS= read -r _gn_a; do set -- "$@" "$_gn_a"; done < "$_gn_args"
        fi
        exec python3 "$_gn_prog" --args "$@"
    )
}

golden_case_rc() {
    if [ -f "$1/$2.rc" ]; then
        tr -d ' \t\r\n' < "$1/$2.rc"
    else
        echo 0
    fi
}
