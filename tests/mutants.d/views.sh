# Planted bugs for the checks of the views, faults and diffs: each function
# changes the source tree it is run in (from its top directory) so that
# the test named in its comment fails.  Shell functions, sourced.
# Each is declared by the line "plant NAME ENV TEST PATTERN" above it: the
# test and the check that must catch it (see tests/mutants.sh).

# Caught by golden not-a-profile-text and not-a-profile-escapes: a file
# that is no profile gets through ten malformed lines.
plant not_a_profile_lines "GOLDEN_CASES='not-a-profile-text not-a-profile-escapes'" tests/golden/run.sh \
    '^(not-a-profile-text|not-a-profile-escapes)$'
plant_not_a_profile_lines() {
    sed -i 's/^#define NOT_A_PROFILE_LINES 10$/#define NOT_A_PROFILE_LINES 12/' src/read-callgrind.c
}

# Caught by golden malformed-held: the malformed lines held before the
# first line of the format are never told.
plant held_untold GOLDEN_CASES=malformed-held tests/golden/run.sh '^malformed-held$'
plant_held_untold() {
    sed -i 's/^\t\ttell_malformed(r, r->held\[i\]\.line,/\t\tif (0) tell_malformed(r, r->held[i].line,/' \
        src/read-callgrind.c
}

# Caught by golden not-a-profile-escapes and malformed-held: control bytes
# of a message reach the terminal raw.
plant raw_control "GOLDEN_CASES='not-a-profile-escapes malformed-held'" tests/golden/run.sh \
    '^(not-a-profile-escapes|malformed-held)$'
plant_raw_control() {
    sed -i 's/^\t\tsize_t len = visible_char(s, n, keep, &shown);$/&\n\t\tshown = true;/' src/diag.c
}

# Caught by golden not-a-profile-binary: a binary file gets the message
# of a damaged profile.
plant nul_before_format 'GOLDEN_CASES=not-a-profile-binary' tests/golden/run.sh \
    '^not-a-profile-binary$'
plant_nul_before_format() {
    sed -i 's/nul \&\& !r->recognised)/nul \&\& 0)/' src/read-callgrind.c
}

# Caught by golden malformed-long: a long malformed line is cut inside a
# character.
plant quote_cut_char GOLDEN_CASES=malformed-long tests/golden/run.sh '^malformed-long$'
plant_quote_cut_char() {
    sed -i 's/(unsigned char)line\[shown\] & 0xc0) == 0x80;)/(unsigned char)line[shown] \& 0xc0) == 0x81;)/' \
        src/read-callgrind.c
}

# Caught by golden asm-hand: the calls of a --asm listing do not widen its
# columns, and its "=>" lines stick out.
plant asm_call_width GOLDEN_CASES=asm-hand tests/golden/run.sh '^asm-hand$'
plant_asm_call_width() {
    sed -i 's/^\t\treport_widen_call_lines(p, c, l.w, entry_of(&l, &af->lines\[i\]));/\t\t;/' src/report-asm.c
}

# Caught by golden diff-change-table, diff-hot and check_numfmt: growth in
# the text diff written without its "+".
plant diff_unsigned "GOLDEN_CASES='diff-change-table diff-hot'" tests/golden/run.sh \
    '^(diff-change-table|diff-hot)$'
plant_diff_unsigned() {
    sed -i "s/^\tbuf\[0\] = '+';$/\tbuf[0] = ' ';/" src/fmt-num.c
}

# Caught by golden diff-change-table: a percentage of growth in the text
# diff written without its "+".
plant diff_percent_unsigned GOLDEN_CASES=diff-change-table tests/golden/run.sh '^diff-change-table$'
plant_diff_percent_unsigned() {
    sed -i 's/^\tif (ratio > 0)$/\tif (ratio > 1e300)/' src/report-columns.c
}

# Caught by golden diff-cycle-numbers and diff-vs-sides: a diff numbers its
# cycles by the size of their changes, not as NEW does.
plant diff_cycle_numbers "GOLDEN_CASES='diff-cycle-numbers diff-vs-sides'" tests/golden/run.sh \
    '^(diff-cycle-numbers|diff-vs-sides)$'
plant_diff_cycle_numbers() {
    sed -i 's/^\t\tcycles_number_as(p, &side\[1\]);/\t\t;/' src/pipeline-apart.c
}

# Caught by golden diff-vs-sides: a diff's inclusive estimate is OLD's less
# NEW's.
plant diff_estimate_sign GOLDEN_CASES=diff-vs-sides tests/golden/run.sh '^diff-vs-sides$'
plant_diff_estimate_sign() {
    sed -i 's/(y == COST_ABSENT ? 0 : y) - (x == COST_ABSENT ? 0 : x)/(x == COST_ABSENT ? 0 : x) - (y == COST_ABSENT ? 0 : y)/' \
        src/calc-estimate.c
}

# Caught by golden warnings-json (and every JSON case): JSON without the
# warnings about its input.
plant json_warnings GOLDEN_CASES=warnings-json tests/golden/run.sh '^warnings-json$'
plant_json_warnings() {
    sed -i 's/^\twrite_warnings(j, &p->warnings);/\t;/' src/report-json.c
}

# Caught by golden warnings-dot: the call graph without the label of
# warnings.
plant dot_warning_label GOLDEN_CASES=warnings-dot tests/golden/run.sh '^warnings-dot$'
plant_dot_warning_label() {
    sed -i 's/^\tput_warning_label(&d, &p->warnings);/\t;/' src/report-dot.c
}

# Caught by golden warnings-flamegraph and warnings-flamegraph-diff: a
# flame graph without its line of warnings.
plant flame_warnings "GOLDEN_CASES='warnings-flamegraph warnings-flamegraph-diff'" tests/golden/run.sh \
    '^(warnings-flamegraph|warnings-flamegraph-diff)$'
plant_flame_warnings() {
    sed -i 's/return look->warnings != NULL && look->warnings->n > 0;/return false;/' src/report-flame.c
}

# Caught by golden warnings-diff-once: a profile read again for a diff
# tells its warnings again.
plant quiet_reread GOLDEN_CASES=warnings-diff-once tests/golden/run.sh '^warnings-diff-once$'
plant_quiet_reread() {
    sed -i 's/^\t\tside\[k\]\.warnings\.quiet = again;/\t\tside[k].warnings.quiet = false;/' src/pipeline-read.c
}

# Caught by golden threads-inclusive-below-self, truncated-inclusive and
# dot-merge: rows whose inclusive cost is below their self cost come with
# no warning.
plant inclusive_check "GOLDEN_CASES='threads-inclusive-below-self truncated-inclusive dot-merge'" tests/golden/run.sh \
    '^(threads-inclusive-below-self|truncated-inclusive|dot-merge)$'
plant_inclusive_check() {
    sed -i 's/^\t\t\tinclusive_check(p);$/\t\t\t;/' src/pipeline.c
}

# Caught by golden warnings-more-json: a report keeps every warning, or
# says nothing of those it left out.
plant warnings_kept GOLDEN_CASES=warnings-more-json tests/golden/run.sh '^warnings-more-json$'
plant_warnings_kept() {
    sed -i 's/^#define WARNINGS_KEPT 20$/#define WARNINGS_KEPT 30/' src/diag.h
}

# Caught by golden stacks-interp-both and both-vs-text-interp: recursive
# functions show their bound alone in --inclusive=both.
plant both_bound_mark "GOLDEN_CASES='stacks-interp-both both-vs-text-interp'" tests/golden/run.sh \
    '^(stacks-interp-both|both-vs-text-interp)$'
plant_both_bound_mark() {
    sed -i 's/^\treturn f->whole == NULL && f->recursive && f->estimate != NULL && f->total != NULL &&$/\treturn 0 \&\& f->recursive \&\& f->estimate != NULL \&\& f->total != NULL \&\&/' src/report-text.c
}

# Caught by golden both-vs-text-interp: the estimate column shows the bound.
plant both_estimate_value 'GOLDEN_CASES=both-vs-text-interp' tests/golden/run.sh \
    '^both-vs-text-interp$'
plant_both_estimate_value() {
    sed -i 's/columns_print_count(out, c, b->est, i, l->bound->estimate\[i\]);/columns_print_count(out, c, b->est, i, l->bound->total[i]);/' src/report-text.c
}

# Caught by golden both-small-tree: a call inside a cycle is not marked as
# counting nested activations.
plant both_nested_mark GOLDEN_CASES=both-small-tree tests/golden/run.sh '^both-small-tree$'
plant_both_nested_mark() {
    sed -i 's/fputs(l->nested ? mark_nested : m \& MARK_BOUND/fputs(0 ? mark_nested : m \& MARK_BOUND/' src/report-text.c
}

# Caught by golden both-fib-tree: the --tree lines of --inclusive=both
# stick out of its columns.
plant both_tree_widen GOLDEN_CASES=both-fib-tree tests/golden/run.sh '^both-fib-tree$'
plant_both_tree_widen() {
    sed -i 's/if ((c->changes || opt->both_costs) \&\& tree)/if (c->changes \&\& tree)/' src/report-text.c
}

# Caught by golden stacks-interp-dot and dot-json-interp: a recursive
# function's node label gives its bound alone.
plant dot_estimate_label "GOLDEN_CASES='stacks-interp-dot dot-json-interp'" tests/golden/run.sh \
    '^(stacks-interp-dot|dot-json-interp)$'
plant_dot_estimate_label() {
    sed -i 's/^\tif (!estimate_beside(d, f)) {$/\tif (1) {/' src/report-dot.c
}

# Caught by golden dot-node-thres-estimate and dot-json-interp: a cycle
# member whose estimate reaches --node-thres is not drawn when its bound
# does not.
plant dot_node_weight "GOLDEN_CASES='dot-node-thres-estimate dot-json-interp'" tests/golden/run.sh \
    '^(dot-node-thres-estimate|dot-json-interp)$'
plant_dot_node_weight() {
    sed -i 's/^\tif (!d->diff \&\& estimate_beside(d, f) \&\& f->estimate\[d->event\] > x)$/\tif (0)/' src/report-dot.c
}

# Caught by tests/flame.sh (every profile with frames too narrow to draw:
# "neither drawn nor listed") and tests/browser-flame.sh ("searching each
# function finds its inclusive estimate"): the SVG lists no frame it
# leaves out, and its search misses them.
plant flame_hidden '' tests/flame.sh '^progs/tmpl\.out: '
plant_flame_hidden() {
    sed -i 's/^\t\tif (drawn\[i\]) {$/\t\tif (1) {/' src/report-flame.c
}

# Caught by tests/browser-flame.sh ("searching each function finds its
# inclusive estimate"): the script reads no frame the SVG left out.
plant flame_js_hidden '' tests/browser-flame.sh \
    'searching each function finds its inclusive estimate'
plant_flame_js_hidden() {
    sed -i 's/^\t\tfor (const \[place, list\] of data.hidden)$/\t\tfor (const [place, list] of [])/' web/flamegraph.js
}

# Caught by tests/flame.sh (flame/labels.out, progs/tmpl.out: "labelled")
# and golden flame-labels: frames show long C++ names whole.
plant flame_labels GOLDEN_CASES=flame-labels tests/golden/run.sh '^flame-labels$'
plant_flame_labels() {
    sed -i 's/^\tconst char \*shown = id != SIZE_MAX \&\& fl->about != NULL \&\& fl->about\[id\].label != NULL$/\tconst char *shown = 0 \&\& fl->about != NULL \&\& fl->about[id].label != NULL/' src/report-flame.c
}

# Caught by golden flame-labels: no tooltip gives a recursive function's
# bound and estimate.
plant flame_bound_estimate GOLDEN_CASES=flame-labels tests/golden/run.sh '^flame-labels$'
plant_flame_bound_estimate() {
    sed -i 's/^\tif (a->beside \&\& !fl->diff) {$/\tif (0) {/' src/report-flame.c
}

# Caught by golden flame-labels: frames whose labels collide do not say so.
plant flame_same_label GOLDEN_CASES=flame-labels tests/golden/run.sh '^flame-labels$'
plant_flame_same_label() {
    sed -i 's/^\tif (a->same_label > 0) {$/\tif (0) {/' src/report-flame.c
}

# Caught by golden flame-labels and flame-diff-colours: code inlined into a
# function is not named in its frames' tooltips.
plant flame_inlined "GOLDEN_CASES='flame-labels flame-diff-colours'" tests/golden/run.sh \
    '^(flame-labels|flame-diff-colours)$'
plant_flame_inlined() {
    sed -i 's/^\t\tif (f->host != NULL \&\& f->key.file != f->host->key.file)$/\t\tif (0)/' src/calc-flame.c
}

# Caught by tests/flame.sh (every --diff: "coloured"), golden
# flame-diff-colours and tests/browser.sh (flame-diff's frames, the page of
# diff against its SVG): a
# differential frame's colour is not of the change its tooltip gives.
plant flame_diff_colour GOLDEN_CASES=flame-diff-colours tests/golden/run.sh '^flame-diff-colours$'
plant_flame_diff_colour() {
    sed -i 's/^\tdouble t = fabs(rel) \/ 100.0;$/\tdouble t = fabs(rel) \/ 50.0;/' src/report-flame.c
}

# Caught by tests/browser-flame.sh ("its Search button shows where its
# script runs"): the script leaves the Search button hidden.
plant flame_search_shown '' tests/browser-flame.sh 'its Search button shows where its script runs'
plant_flame_search_shown() {
    sed -i "s/^\t\tbutton.classList.remove('cga-hidden');$/\t\t;/" web/flamegraph.js
}

# Caught by tests/browser-flame.sh ("no Search button where scripts do not
# run"): the SVG shows its Search button where no script would search.
plant flame_search_hidden '' tests/browser-flame.sh 'no Search button where scripts do not run'
plant_flame_search_hidden() {
    sed -i 's/<text id=\\"cga-search\\" class=\\"cga-button cga-hidden\\"/<text id=\\"cga-search\\" class=\\"cga-button\\"/' src/report-flame.c
}

# Caught by golden flame-labels: a picture whose tooltips mark bounds and
# estimates does not say what the marks mean.
plant flame_legend GOLDEN_CASES=flame-labels tests/golden/run.sh '^flame-labels$'
plant_flame_legend() {
    sed -i 's/^\tif (flame_has_estimates(pic->fl)) {$/\tif (0) {/' src/report-flame.c
}

# Caught by golden dot-cycle-evenodd, dot-json-evenodd and dot-json-interp:
# calls inside a cycle show their counts only, drawn whatever their cost.
plant dot_call_estimate "GOLDEN_CASES='dot-cycle-evenodd dot-json-evenodd dot-json-interp'" tests/golden/run.sh \
    '^(dot-cycle-evenodd|dot-json-evenodd|dot-json-interp)$'
plant_dot_call_estimate() {
    sed -i 's/^\treturn in_cycle(e) \&\& d->p->call_estimates != NULL \&\&$/\treturn 0 \&\& d->p->call_estimates != NULL \&\&/' src/report-dot.c
}

# Caught by golden dot-json-evenodd, dot-json-interp and stacks-interp-dot:
# a call's estimate is not the stacks through it.
plant call_estimate_value "GOLDEN_CASES='dot-json-evenodd dot-json-interp stacks-interp-dot'" tests/golden/run.sh \
    '^(dot-json-evenodd|dot-json-interp|stacks-interp-dot)$'
plant_call_estimate_value() {
    sed -i 's/^\t\tc->cost += w\[f\];$/\t\tc->cost += w[f] \/ 2;/' src/calc-estimate.c
}

# Caught by golden dot-fib: the inclusive costs every view takes are fixed
# before cycles_mark has found the recursive functions, so fib's is the sum
# of the calls into it, nested calls counted again.
plant inclusive_fixed_early GOLDEN_CASES=dot-fib tests/golden/run.sh '^dot-fib$'
plant_inclusive_fixed_early() {
    sed -i 's/^\tcycles_mark(p, primary);$/\tif (opt->mode != MODE_DIFF)\n\t\tinclusive_fix(p);\n\tcycles_mark(p, primary);/' src/pipeline.c
}

# Caught by the unit test test_costs (check_json): counts written straight
# into the buffer lose the comma between them.
plant json_inline_no_comma '' tests/unit/check_json ':test_costs:'
plant_json_inline_no_comma() {
    sed -i "s/^\t\t\*p++ = ',';$/\t\tp += 0;/" src/fmt-json.c
}

# Caught by golden dot-json-evenodd, dot-json-interp and stacks-interp-dot:
# the table of call estimates files each call under its caller twice, so
# no call is found again and calls inside cycles lose their estimates.
plant call_estimates_misfiled "GOLDEN_CASES='dot-json-evenodd dot-json-interp stacks-interp-dot'" tests/golden/run.sh \
    '^(dot-json-evenodd|dot-json-interp|stacks-interp-dot)$'
plant_call_estimates_misfiled() {
    sed -i 's/^\t\t\t\*c = (struct call_cost){ caller, callee, 0 };$/\t\t\t*c = (struct call_cost){ caller, caller, 0 };/' src/calc-estimate.c
}

# Caught by the unit test test_rows (check_json): a number written
# straight into the buffer (a row of counts, a value of an inline array)
# loses its last digit.
plant json_row_digits '' tests/unit/check_json ':test_rows:'
plant_json_row_digits() {
    sed -i 's/^\tu64_digits(p + w, v);$/\tu64_digits(p + w, v \/ 10 * 10);/' src/fmt-json.c
}

# Caught by the unit test test_widths (check_json): a count that is a
# power of ten written one digit short.
plant json_width_short '' tests/unit/check_json ':test_widths:'
plant_json_width_short() {
    sed -i 's/^\treturn guess + ((v | 1) >= tens\[guess\]);$/\treturn guess + ((v | 1) > tens[guess]);/' src/fmt-json.c
}

# Caught by the unit test test_escaping (check_json): a quote taken for a
# byte that stands for itself.
plant json_quote_plain '' tests/unit/check_json ':test_escaping:'
plant_json_quote_plain() {
    sed -i 's/^\t\t{ 0xfffffffb00000000u, 0xffffffffefffffffu },$/\t\t{ 0xffffffff00000000u, 0xffffffffefffffffu },/' src/fmt-json.c
}

# Caught by golden json-small: functions sorted by their first sort event
# the smallest first.
plant json_order_ascending GOLDEN_CASES=json-small tests/golden/run.sh '^json-small$'
plant_json_order_ascending() {
    sed -i 's/^\t\t\t\tsort_value(v\[o->events\[0\]\], o->magnitude) : -1);$/\t\t\t\t-sort_value(v[o->events[0]], o->magnitude) : 1);/' src/report-json.c
}

# Caught by the unit test test_desc_int (check_keysort): integers keyed
# from the smallest up.
plant keysort_int_ascending '' tests/unit/check_keysort ':test_desc_int:'
plant_keysort_int_ascending() {
    sed -i 's/^\treturn ~((uint64_t)v ^ (UINT64_C(1) << 63));$/\treturn (uint64_t)v ^ (UINT64_C(1) << 63);/' src/keysort.c
}
