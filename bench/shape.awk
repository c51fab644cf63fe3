# The shape of a Callgrind profile: the figures bench/gen.c is calibrated
# against (see bench/README.md).  Counts per megabyte are per 10^6 bytes.
#
# usage: awk -f bench/shape.awk PROFILE
#
# Positions follow the reader: only cost lines move them (the targets on
# calls=/jump=/jcnd= lines are relative to the last cost line but leave it
# unchanged).  A (file, line) pair is the fl=/fi=/fe= file in force and the
# line of a cost line, as the reader keeps per-line data for them.
#
# The flow figures are of the first event.  A function is its object, the
# fl= file in force at its fn= line and its name (code inlined from other
# files, fi=/fe=, is part of it); a callee is cob= (default: the caller's
# object), cfi=/cfl= (default: the caller's fl= file) and cfn=.  The strongly
# connected components of the call graph are its cycles of calls; taken as
# single nodes, they make an acyclic graph in which the calls into a node
# cost what the node costs itself plus its calls out.  "Flow mismatch" is
# |calls in - (self + calls out)| summed over the nodes that have callers
# (functions outside cycles, and whole cycles), as a share of the total: in
# a real profile, what callgrind's jumps between functions move.

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
    first = n > npos ? f[npos + 1] + 0 : 0
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
/^cob=/ { cobj = name("ob", value_of($0)); next }
/^fl=/  { file = fnfile = name("fl", value_of($0)); next }
/^(fi|fe)=/ { file = name("fl", value_of($0)); inl++; next }
/^(cfi|cfl)=/ { cfile = name("fl", value_of($0)); next }
/^jfi=/ { name("fl", value_of($0)); next }
/^fn=/  {
    fns++
    f = name("fn", value_of($0))
    cur = func_id(obj, fnfile, f)
    if (!(f in fnlen)) { fnlen[f] = length(f); nfn++ }
    if (!((obj, file) in objfile)) { objfile[obj, file] = 1; nobjfile++ }
    if (!(obj in objs)) { objs[obj] = 1; nobj++ }
    next
}
/^jfn=/ { name("fn", value_of($0)); next }
/^cfn=/ { cname = name("fn", value_of($0)); cfns++; next }
/^calls=/ {
    calls++
    callee = func_id(cobj != "" ? cobj : obj, cfile != "" ? cfile : fnfile, cname)
    cobj = cfile = ""
    pending = 1
    next
}
/^jump=/ { jumps++; next }
/^jcnd=/ { jcnds++; next }
/^[0-9+*-]/ {
    if (!inbody) next
    cost++
    l = move($0)
    if (pending) {
        pending = 0
        if (!((cur, callee) in ecost)) {
            ecost[cur, callee] = 0
            if (callee != cur) adj[cur, ++nadj[cur]] = callee
        }
        ecost[cur, callee] += first
    } else {
        self[cur] += first
        total += first
    }
    if (!((file, l) in fileline)) { fileline[file, l] = 1; pairs++ }
    next
}
/^events:/ { inbody = 1 }

# The number of the function of object O, file F and name N.
function func_id(o, f, n,   k) {
    k = o SUBSEP f SUBSEP n
    if (!(k in fid)) fid[k] = ++nfunc
    return fid[k]
}

# The strongly connected components (Tarjan's algorithm, without recursion):
# comp[v] and csize[c] for the NFUNC functions.
function components(   s, v, w, u, sp, top, cnt) {
    for (s = 1; s <= nfunc; s++) {
        if (s in idx) continue
        sp = 1; cs[1] = s; ci[1] = 0; idx[s] = low[s] = ++cnt; st[++top] = s; onst[s] = 1
        while (sp > 0) {
            v = cs[sp]
            if (ci[sp] < nadj[v]) {
                w = adj[v, ++ci[sp]]
                if (!(w in idx)) {
                    cs[++sp] = w; ci[sp] = 0; idx[w] = low[w] = ++cnt; st[++top] = w; onst[w] = 1
                } else if (onst[w] && idx[w] < low[v]) low[v] = idx[w]
                continue
            }
            if (low[v] == idx[v]) {
                ncomp++
                do { w = st[top--]; onst[w] = 0; comp[w] = ncomp; csize[ncomp]++ } while (w != v)
            }
            if (--sp > 0) { u = cs[sp]; if (low[v] < low[u]) low[u] = low[v] }
        }
    }
}

# Flow mismatch and the largest component's figures.
function flow(   v, k, e, u, w, c, d, t, big, mism, nmism, ncyc, incyc, selfrec, big4, big2) {
    components()
    for (v = 1; v <= nfunc; v++) cself[comp[v]] += self[v]
    for (k in ecost) {
        split(k, e, SUBSEP)
        u = e[1]; w = e[2]
        if (u == w) selfrec++
        if (comp[u] == comp[w]) {
            if (u != w) { intcost[comp[u]] += ecost[k]; intcalls[comp[u]]++ }
            continue
        }
        cin[comp[w]] += ecost[k]; hascaller[comp[w]] = 1; cout[comp[u]] += ecost[k]
        if (!(w in entry)) { entry[w] = 1; nentry[comp[w]]++ }
    }
    for (c = 1; c <= ncomp; c++) {
        if (big == "" || csize[c] > csize[big]) big = c
        if (!(c in hascaller)) { roots++; continue }
        d = cin[c] - cself[c] - cout[c]
        if (d < 0) d = -d
        mism += d
        if (d > total * 1e-5) nmism++
    }
    t = total > 0 ? total : 1
    printf "%-32s %12d\n", "functions (flow figures)", nfunc
    printf "%-32s %12d\n", "functions nothing calls", roots
    printf "%-32s %12.3f\n", "flow mismatch, % of total", 100 * mism / t
    printf "%-32s %12d\n", "nodes off by > 0.001% of total", nmism
    printf "%-32s %12d\n", "largest cycle: functions", csize[big]
    printf "%-32s %12.1f\n", "  % of functions", 100 * csize[big] / (nfunc ? nfunc : 1)
    printf "%-32s %12d\n", "  entered at", nentry[big]
    printf "%-32s %12d\n", "  calls inside (distinct)", intcalls[big]
    printf "%-32s %12.2f\n", "  calls entering it, % of total", 100 * cin[big] / t
    printf "%-32s %12.1f\n", "  calls inside, % of total", 100 * intcost[big] / t
    printf "%-32s %12.1f\n", "  its self cost, % of total", 100 * cself[big] / t
    for (c = 1; c <= ncomp; c++) if (csize[c] > 1) { ncyc++; incyc += csize[c] }
    for (c = 1; c <= ncomp; c++) if (cin[c] >= total / 10000) big4++
    for (c = 1; c <= ncomp; c++) if (cin[c] >= total / 100) big2++
    printf "%-32s %12d\n", "nodes entered >= 1/10000", big4
    printf "%-32s %12d\n", "nodes entered >= 1/100", big2
    printf "%-32s %12d\n", "cycles (more than one function)", ncyc
    printf "%-32s %12d\n", "functions in cycles", incyc
    printf "%-32s %12d\n", "functions calling themselves", selfrec
}

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
    flow()
}
