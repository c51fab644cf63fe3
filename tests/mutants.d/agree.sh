# Planted bugs for tests/agree.sh: each function changes the source tree
# it is run in (from its top directory) so that the check of
# tests/agree.sh named in its comment fails (each was seen to, on the
# profiles the test makes).  Shell functions, sourced, each declared by
# the line "plant NAME ENV TEST PATTERN" above it (see tests/mutants.sh).

# Caught by agree.sh's "the call graph's labels" (python3, sqlite3): the
# label writes the bound where the estimate belongs ("≥ 1.08%  ≈ 1.08%").
plant agree_dot_bound_as_estimate AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the call graph's labels"
plant_agree_dot_bound_as_estimate() {
    sed -i 's/^\tformat_share(estimate, sizeof(estimate), d, f->estimate\[d->event\]);$/\tformat_share(estimate, sizeof(estimate), d, value(f->total, d->event));/' \
        src/report-dot.c
}

# Caught by agree.sh's "the call graph's labels" (python3, sqlite3): a
# recursive function is drawn by its bound only, so one whose estimate
# reaches 0.5% but not its bound is left out.
plant agree_dot_node_by_bound AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the call graph's labels"
plant_agree_dot_node_by_bound() {
    sed -i 's/^\tif (!d->diff && estimate_beside(d, f) && f->estimate\[d->event\] > x)$/\tif (0)/' src/report-dot.c
}

# Caught by agree.sh's "the call graph's labels" (python3-Bim): a bound the
# profile has no count for hides the estimate again, and the function is
# not drawn.
plant agree_dot_absent_bound AGREE_CASES=python3-Bim tests/agree.sh "python3-Bim \(Bim\): the call graph's labels"
plant_agree_dot_absent_bound() {
    sed -i 's/^\t       f->estimate\[d->event\] != value(f->total, d->event);$/\t       f->total[d->event] != COST_ABSENT \&\& f->estimate[d->event] != value(f->total, d->event);/' \
        src/report-dot.c
}

# Caught by agree.sh's "the --inclusive=both table" (python3, sqlite3):
# the estimate column is off by one.
plant agree_text_estimate_off_by_one AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the --inclusive=both table"
plant_agree_text_estimate_off_by_one() {
    sed -i 's/^\t\t\tcolumns_print_count(out, c, b->est, i, l->bound->estimate\[i\]);$/\t\t\tcolumns_print_count(out, c, b->est, i, l->bound->estimate[i] + 1);/' \
        src/report-text.c
}

# Caught by agree.sh's "the --inclusive=both table" (python3): a bound the
# profile has no count for shows "." alone, without the estimate beside it.
plant agree_text_absent_bound AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the --inclusive=both table"
plant_agree_text_absent_bound() {
    sed -i 's/^\t       f->estimate\[k\] != (f->total\[k\] == COST_ABSENT ? 0 : f->total\[k\]);$/\t       f->total[k] != COST_ABSENT \&\& f->estimate[k] != f->total[k];/' \
        src/report-text.c
}

# Caught by agree.sh's "the --inclusive=both table" (every profile): JSON
# gives every event the estimate of the first, so the table's estimates of
# the others disagree with it.
plant agree_json_estimate_event AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the --inclusive=both table"
plant_agree_json_estimate_event() {
    sed -i 's/^\t\t\t? COST_ABSENT : estimate_of(f, k);$/\t\t\t? COST_ABSENT : estimate_of(f, 0);/' src/report-json.c
}

# Caught by agree.sh's "the folded stacks" (every profile): the own line of
# a frame that also has callees is left out.
plant agree_folded_own_line AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the folded stacks"
plant_agree_folded_own_line() {
    sed -i 's/^\t\tif (fl->nodes\[c\].self != 0)$/\t\tif (fl->nodes[c].self != 0 \&\& k->first[c + 1] == k->first[c])/' \
        src/report-folded.c
}

# Caught by agree.sh's "the SVG flame graph" and "the HTML page in
# Chromium" (python3, sqlite3): the tooltip of a recursive function's
# frames drops the estimate beside the bound.
plant agree_tooltip_no_estimate AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the SVG flame graph"
plant_agree_tooltip_no_estimate() {
    sed -i -e 's/ proven, \\u2248 %s (%\.2f%%) "$/ proven"/' -e 's/^\t\t\t\t "estimated", text, event, bound,$/\t\t\t\t "", text, event, bound,/' \
        src/report-flame.c
}

# Caught by agree.sh's "the SVG flame graph" (python3-Bim): a bound the
# profile has no count for leaves its name out of the tooltip's figures.
plant agree_flame_absent_bound AGREE_CASES=python3-Bim tests/agree.sh "python3-Bim \(Bim\): the SVG flame graph"
plant_agree_flame_absent_bound() {
    sed -i 's/^\tif (estimate == COST_ABSENT)$/\tif (estimate == COST_ABSENT || f->total[event] == COST_ABSENT)/' src/calc-flame.c
}

# Caught by agree.sh's "the HTML page in Chromium" (python3, sqlite3): the
# table's estimate column takes the next event's estimate, which the page
# has not made, and shows the bound there, unmarked.
plant agree_page_estimate_event AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the HTML page in Chromium"
plant_agree_page_estimate_event() {
    sed -i "s/^\t\tconst est = r.kind === 'function' ? estimateOf(r.f, ev) : null;$/\t\tconst est = r.kind === 'function' ? estimateOf(r.f, (ev + 1) % events.length) : null;/" \
        web/report.js
}

# Caught by agree.sh's "the HTML page in Chromium" (python3, sqlite3): a
# function's page shows the other events' bounds as their estimates, as if
# exact (its data gives the bound where the page made no estimate).
plant agree_page_unestimated_events AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the HTML page in Chromium"
plant_agree_page_unestimated_events() {
    sed -i 's/^\t\tcost_t c = page \&\& f->estimate != NULL/\t\tcost_t c = 0 \&\& f->estimate != NULL/' src/report-json.c
}

# Caught by agree.sh's "the HTML page in Chromium" (python3, sqlite3): a
# function's page shows its bound unmarked beside the estimate.
plant agree_page_bound_unmarked AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the HTML page in Chromium"
plant_agree_page_bound_unmarked() {
    sed -i "s/^\t\tconst columns = \[\['inclusive', f.inclusive, ev => ({ mark: estimateOf(f, ev) !== null ? '\\\\u2265' : null })\]\];$/\t\tconst columns = [['inclusive', f.inclusive, ev => ({ mark: null })]];/" \
        web/report.js
}

# Caught by agree.sh's "the HTML page in Chromium" (every profile): the
# page's flame graph search counts only the frames drawn.
plant agree_page_search_drawn AGREE_CASES=python3 tests/agree.sh "python3 \(Ir\): the HTML page in Chromium"
plant_agree_page_search_drawn() {
    sed -i 's/^\t\t\t\tconst hit = re !== null && re.test(f.name);$/\t\t\t\tconst hit = re !== null \&\& !!f.g \&\& re.test(f.name);/' \
        web/flamegraph.js
}
