# Planted bugs for the checks of pprof export, gates, Markdown, CSV and
# --compare: each plant_NAME edits the source tree in the current directory
# (its top) so that the test its comment names must fail; sourced by the
# mutation script, which builds, runs that test and restores the tree.
# A plant whose text is no longer in the source fails rather than plant
# nothing.
# Each is declared by the line "plant NAME ENV TEST PATTERN" above it: the
# test and the check that must catch it (see tests/mutants.sh).

# ci_sed FILE SED-EXPRESSION: edit FILE, and fail if nothing changed.
ci_sed() {
    cp "$1" "$1.unplanted" &&
    sed -i "$2" "$1" &&
    ! cmp -s "$1" "$1.unplanted" &&
    rm -f "$1.unplanted"
}

# tests/pprof.sh (top): samples at a line count one more than they hold, so
# pprof's flat cost is no function's self cost.
plant pprof_flat '' tests/pprof.sh 'pprof -top agrees|: pprof total -?[0-9]+, program total'
plant_pprof_flat() {
    ci_sed src/calc-samples.c 's/\[slot\] += (int64_t)(b - a);/[slot] += (int64_t)(b - a) + (b - a > 1);/'
}

# tests/pprof.sh (top): a callee's frames hang from the root instead of
# their caller's, so cumulative costs are not the inclusive ones.
plant pprof_cum '' tests/pprof.sh 'pprof -top agrees|: cum -?[0-9]+, inclusive'
plant_pprof_cum() {
    ci_sed src/calc-samples.c 's/(struct visit){ c, node_get(s, v.below, r\[j1\].loc), a, b }/(struct visit){ c, node_get(s, SAMPLES_ROOT, r[j1].loc), a, b }/'
}

# tests/pprof.sh (top of hot.out, whose summary: counts 2 more than its
# functions): without the frame of the costs outside functions, the total
# is not PROGRAM TOTALS.
plant pprof_rest '' tests/pprof.sh \
    '^hot\.out .*: pprof -top agrees|^progs/hot\.out [^ ]+: pprof total'
plant_pprof_rest() {
    ci_sed src/pipeline-pprof.c 's/samples_add_rest(s, side \* n + k, (int64_t)(total - sum));/(void)0;/'
}

# tests/pprof.sh (list): every line one below where its cost is.
plant pprof_lines '' tests/pprof.sh \
    'pprof -list .* gives its lines|\.out [^ ]+: [^ ]+:[0-9]+ has [^ ]+, not [0-9]+$|: the lines add up to'
plant_pprof_lines() {
    ci_sed src/calc-samples.c 's/size_t loc = loc_make(s, src, i, le->line, fl->low\[e\]);/size_t loc = loc_make(s, src, i, le->line + 1, fl->low[e]);/'
}

# tests/pprof.sh (diff): OLD's samples not negated.
plant pprof_diff_base '' tests/pprof.sh '^pprof reads the diff|^diff [^ ]+ .*: flat .*, change'
plant_pprof_diff_base() {
    ci_sed src/report-pprof.c 's/int64_t x = m->diff \&\& side == 0 ? -val\[k\] : val\[k\];/int64_t x = val[k];/'
}

# tests/pprof.sh (decode): string_table[0] is not "".
plant pprof_string0 '' tests/pprof.sh 'protoc reads a valid Profile|: string_table\[0\] is not ""'
plant_pprof_string0() {
    ci_sed src/report-pprof.c '/str(&w.strings, "");   \/\* string 0 is "" \*\//d'
}

# tests/pprof.sh (decode of hostile names): strings written as they are,
# control characters and bytes that are not UTF-8 included.
plant pprof_utf8 '' tests/pprof.sh \
    '^(hostile|names)\.out: protoc reads a valid Profile|^(web/hostile|tables/names)\.out: a string (has a control character|is not UTF-8)'
plant_pprof_utf8() {
    ci_sed src/report-pprof.c 's/char \*clean = utf8_clean(w->strings.a\[i\], "");/char *clean = xstrdup(w->strings.a[i]);/'
}

# tests/pprof.sh (terminal): gzip data written to a terminal.
plant pprof_tty '' tests/pprof.sh '^--format=pprof (refuses a|on a) terminal'
plant_pprof_tty() {
    ci_sed src/pipeline.c 's/if (opt->format == FORMAT_PPROF \&\& isatty(fileno(out)))/if (opt->format == FORMAT_PPROF \&\& isatty(fileno(out)) \&\& 0)/'
}

# tests/gate.sh: the limit doubled, so 3 % more work passes --fail-above=2.
plant gate_limit '' tests/gate.sh 'fails --fail-above=2'
plant_gate_limit() {
    ci_sed src/calc-gate.c 's/(!finite || g > v->spec->pct)/(!finite || g > 2 * v->spec->pct)/'
}

# tests/gate.sh: a failed gate exits with 0.
plant gate_status '' tests/gate.sh 'fails --fail-above=2'
plant_gate_status() {
    ci_sed src/report-gate.c 's/return g->failed ? EXIT_GATE : EXIT_OK;/return EXIT_OK;/'
}

# tests/gate.sh (noise floor): --min-change ignored.
plant gate_min_change '' tests/gate.sh 'a noise floor above the change passes'
plant_gate_min_change() {
    ci_sed src/calc-gate.c 's/>= (cost_t)min_change \&\& d != 0;/>= 0 \&\& d != 0;/'
}

# golden gate-cycle: a function in a cycle gated by its bound, not its
# estimate, and not said to be estimated.
plant gate_estimate GOLDEN_CASES=gate-cycle tests/golden/run.sh '^gate-cycle$'
plant_gate_estimate() {
    ci_sed src/calc-gate.c 's/	if (f->recursive) {/	if (0) {/'
}

# golden gate-min-change: a gate that matches no function passes.
plant gate_nomatch GOLDEN_CASES=gate-min-change tests/golden/run.sh '^gate-min-change$'
plant_gate_nomatch() {
    ci_sed src/calc-gate.c 's/v->failed = n == 0 || v->nabove > 0;/v->failed = v->nabove > 0;/'
}

# tests/tables.sh (markdown of tables/names.out): a | in a name splits the
# cell.
plant markdown_pipe '' tests/tables.sh \
    '^--inclusive=both --threshold=100 tables/names\.out: (cmark-gfm and Python-Markdown read|a row of [0-9]+ cells)'
plant_markdown_pipe() {
    ci_sed src/fmt-markdown.c "s/		if (\*p == '|')/		if (*p == '\\\\0')/"
}

# tests/tables.sh (markdown of tables/names.out): a backtick in a name ends
# its code span.
plant markdown_backtick '' tests/tables.sh \
    '^--inclusive=both --threshold=100 tables/names\.out: (cmark-gfm and Python-Markdown read|.* is no function)'
plant_markdown_backtick() {
    ci_sed src/fmt-markdown.c 's/	for (size_t i = 0; i <= longest; i++)/	for (size_t i = 0; i < 1; i++)/g'
}

# golden markdown-names: a " in the title ends the attribute.
plant markdown_attr GOLDEN_CASES=markdown-names tests/golden/run.sh '^markdown-names$'
plant_markdown_attr() {
    ci_sed src/fmt-markdown.c "s/		case '\"': fputs(\"\&quot;\", out); break;//"
}

# tests/tables.sh (csv of tables/names.out): double quotes not doubled.
plant csv_quote '' tests/tables.sh \
    '^tables/names\.out: (Python reads|the rows are not the functions)'
plant_csv_quote() {
    ci_sed src/report-csv.c "s/		if (\*p == '\"')\$/		if (*p == '\\\\0')/"
}

# tests/tables.sh (csv): lines end in LF alone.
plant csv_crlf '' tests/tables.sh '^tables/names\.out: (Python reads|a line does not end in CRLF)'
plant_csv_crlf() {
    ci_sed src/report-csv.c 's/		fputs("\\r\\n", out);/		fputs("\\n", out);/'
}

# golden compare-text: changes of the wrong sign.
plant compare_sign GOLDEN_CASES=compare-text tests/golden/run.sh '^compare-text$'
plant_compare_sign() {
    ci_sed src/report-compare.c 's/r = numfmt_ratio100(x - b, b < 0 ? -b : b);/r = numfmt_ratio100(b - x, b < 0 ? -b : b);/'
}

# golden compare-text: rows smallest change first.
plant compare_order GOLDEN_CASES=compare-text tests/golden/run.sh '^compare-text$'
plant_compare_order() {
    ci_sed src/calc-compare.c 's/		return x->change > y->change ? -1 : 1;/		return x->change > y->change ? 1 : -1;/'
}

# tests/read-ahead.sh (pprof): the read-ahead thread's sums of a run whose
# lines are at several lines of source go to one of them.
plant pprof_read_ahead_lines '' tests/read-ahead.sh '^pprof'
plant_pprof_read_ahead_lines() {
    ci_sed src/read-callgrind.c 's/return !r->p->keep_func_lines || r->line_pos < 0 || !run->pos\[r->line_pos\].varies;/return true;/'
}

# tests/read-ahead.sh (pprof): the address of a line summed by the thread
# is its last, not its lowest.
plant pprof_read_ahead_address '' tests/read-ahead.sh '^pprof'
plant_pprof_read_ahead_address() {
    ci_sed src/read-callgrind.c 's/addr = (uint64_t)((__int128)r->prev_pos\[r->instr_pos\] + q->least_delta);/addr = (uint64_t)((__int128)r->prev_pos[r->instr_pos] + q->delta);/'
}
