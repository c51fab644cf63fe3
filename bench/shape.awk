# The shape of a Callgrind profile: the figures bench/gen.c is calibrated
# against (see bench/README.md).  Counts per megabyte are per 10^6 bytes.
#
# usage: awk -f bench/shape.awk PROFILE
#
# Positions follow the reader: only cost lines move them (the targets on
# calls=/jump=/jcnd= lines are relative to the last cost line but leave it
# unchanged).  A (file, line) pair is the fl=/fi=/fe= file in force and the
# line of a cost line, as the reader keeps per-line data for them.

function value_of(s) { return substr(s, index(s, "=") + 1) }

# The name of a name line's VALUE in id space SPACE; counts references.
function name(space, v,   id, rest) {
    names++
    if (v ~ /^\([0-9]+\)/) {
        id = substr(v, 2, index(v, ")") - 2)
        rest = substr(v, index(v, ")") + 1)
        sub(/^[ \t]+/, "", rest)
        if (rest == "") {
            refs++
            return def[space, id]
        }
        def[space, id] = rest
        return rest
    }
    return v
}

# Move the positions by the columns of cost line S; returns the line.
function move(s,   n, i, f, c) {
    sub(/[ \t]+$/, "", s)
    n = split(s, f, /[ \t]+/)
    for (i = 1; i <= npos; i++) {
        c = f[i]
        if (c == "*") continue
        if (c ~ /^[+-]/) pos[i] += (substr(c, 1, 1) == "+" ? 1 : -1) * num(substr(c, 2))
        else pos[i] = num(c)
    }
    counts += n - npos
    return pos[linecol]
}

function num(c) { return c ~ /^0x/ ? hex(substr(c, 3)) : c + 0 }

function hex(h,   v, i) {
    v = 0
    for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", tolower(substr(h, i, 1))) - 1
    return v
}

BEGIN { npos = 1; linecol = 1 }

{ bytes += length($0) + 1 }

/^positions:/ {
    s = substr($0, 11)
    sub(/^[ \t]+/, "", s)
    npos = split(s, pf, /[ \t]+/)
    linecol = 1
    for (i = 1; i <= npos; i++) if (pf[i] == "line") linecol = i
    for (i = 1; i <= npos; i++) pos[i] = 0
    next
}
/^ob=/  { obj = name("ob", value_of($0)); next }
/^cob=/ { name("ob", value_of($0)); next }
/^fl=/  { file = name("fl", value_of($0)); next }
/^(fi|fe)=/ { file = name("fl", value_of($0)); inl++; next }
/^(cfi|cfl|jfi)=/ { name("fl", value_of($0)); next }
/^fn=/  {
    fns++
    f = name("fn", value_of($0))
    if (!(f in fnlen)) { fnlen[f] = length(f); nfn++ }
    if (!((obj, file) in objfile)) { objfile[obj, file] = 1; nobjfile++ }
    if (!(obj in objs)) { objs[obj] = 1; nobj++ }
    next
}
/^(cfn|jfn)=/ { name("fn", value_of($0)); if (substr($0, 1, 1) == "c") cfns++; next }
/^calls=/ { calls++; next }
/^jump=/ { jumps++; next }
/^jcnd=/ { jcnds++; next }
/^[0-9+*-]/ {
    if (!inbody) next
    cost++
    l = move($0)
    if (!((file, l) in fileline)) { fileline[file, l] = 1; pairs++ }
    next
}
/^events:/ { inbody = 1 }

END {
    mb = bytes / 1e6
    if (mb == 0) mb = 1e-6
    for (f in fnlen) { tot += fnlen[f]; lens[++k] = fnlen[f] }
    # median by insertion sort on a copy: a few thousand names
    for (i = 2; i <= k; i++) { v = lens[i]; for (j = i - 1; j >= 1 && lens[j] > v; j--) lens[j + 1] = lens[j]; lens[j + 1] = v }
    printf "%-32s %12.1f\n", "size MB", mb
    printf "%-32s %12.0f\n", "fn= lines per MB", fns / mb
    printf "%-32s %12.0f\n", "calls= lines per MB", calls / mb
    printf "%-32s %12.0f\n", "jump=/jcnd= lines per MB", (jumps + jcnds) / mb
    printf "%-32s %12.0f\n", "cost lines per MB", cost / mb
    printf "%-32s %12.2f\n", "counts per cost line", cost ? counts / cost : 0
    printf "%-32s %12.0f\n", "fi=/fe= lines per MB", inl / mb
    printf "%-32s %12.0f\n", "distinct (file,line) per MB", pairs / mb
    printf "%-32s %12.0f\n", "distinct functions per MB", nfn / mb
    printf "%-32s %12.1f\n", "function name length, mean", k ? tot / k : 0
    printf "%-32s %12d\n", "function name length, median", k ? lens[int((k + 1) / 2)] : 0
    p90 = int(k * 0.9) + 1
    if (p90 > k) p90 = k
    printf "%-32s %12d\n", "function name length, 90th pct", k ? lens[p90] : 0
    printf "%-32s %12.1f\n", "files per object", nobj ? nobjfile / nobj : 0
    printf "%-32s %12.2f\n", "share of (id) references", names ? refs / names : 0
}
