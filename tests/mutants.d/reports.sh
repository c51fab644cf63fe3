# Planted bugs for the checks of the man page, the call graph, the folded
# stacks, the flame graphs (SVG and page) and the HTML page's table,
# function pages and call graph.  Sourced by tests/mutants.sh (see its
# header): each "plant NAME ENV TEST PATTERN" declares what catches the bug
# that plant_NAME, run at the top of a copy of the tree, plants there.

# tests/options-docs.sh: --edge-thres folded into --node-thres's .TP.
plant man_edge_thres_folded '' tests/options-docs.sh \
    'every option of the man page is an item of its own'
plant_man_edge_thres_folded() {
    sed -i -e '/^\.TP$/{N;/\n\.BI \\-\\-edge\\-thres= PCT$/d
        s/\n\(\.BI \\-\\-node\\-thres= PCT\)$/\n\1 ", " \\-\\-edge\\-thres= PCT/}' man/cgannotate.1
}

# tests/dot-render.sh (the names of 45 KB and 200 KB): abort() where a DOT
# string is split.
plant dot_abort_long_names '' tests/dot-render.sh 'names of 45 KB and 200 KB'
plant_dot_abort_long_names() {
    sed -i -e 's/^\tfputs("\\" + \\"", q->out);$/\tabort();\n&/' src/report-dot.c
}

# tests/dot-render.sh (a whole graph, dot/small.out): --format=dot writes
# nothing, status 0.  An empty graph draws, with as many nodes and edges as
# its text has.
plant dot_graph_empty '' tests/dot-render.sh 'dot/small\.out'
plant_dot_graph_empty() {
    sed -i -e 's/^\td.total = value(t->base, d.event);$/\treturn;\n&/' src/report-dot.c
}

# tests/folded.sh (invariants progs/threads.out): threads' stacks without
# their clone frame.  Thread stacks start at clone; the plant makes its
# children roots.
plant stacks_without_clone FOLDED_CHECKS=threads tests/folded.sh 'invariants progs/threads\.out:'
plant_stacks_without_clone() {
    sed -i -e 's/^\t\tfr->parent = sf->parent == STACKS_ROOT ? FLAME_ROOT : base + sf->parent;$/&\n\t\tif (sf->parent != STACKS_ROOT \&\& s->frames[sf->parent].parent == STACKS_ROOT \&\&\n\t\t    strcmp(s->frames[sf->parent].func->key.name, "clone") == 0)\n\t\t\tfr->parent = FLAME_ROOT;/' \
        src/calc-flame.c
}

# tests/folded.sh (60 diamonds in a row): abort() past 20,000 frames.
plant folded_crash_many_stacks FOLDED_CHECKS=diamond tests/folded.sh '60 diamonds in a row'
plant_folded_crash_many_stacks() {
    sed -i -e 's/^\txgrow(&stack, &cap, 1, sizeof(\*stack));$/\tif (fl->n > 20000)\n\t\tabort();\n&/' \
        src/report-folded.c
}

# tests/flame.sh (labels, progs/multi.cgout): no label in any frame.
plant flame_svg_no_labels '' tests/flame.sh 'progs/multi\.cgout:'
plant_flame_svg_no_labels() {
    sed -i -e 's/^\tif (keep == 0)$/\tif (keep == 0 || keep > 0)/' src/report-flame.c
}

# tests/flame.sh (a diff's colours): red and blue swapped.
plant flame_svg_red_blue_swapped '' tests/flame.sh 'diff progs/fib\.out progs/evenodd\.out'
plant_flame_svg_red_blue_swapped() {
    sed -i -e 's/"rgb(255,%d,%d)", pale, pale/SWAPPED/; s/"rgb(%d,%d,255)", pale, pale/"rgb(255,%d,%d)", pale, pale/
        s/SWAPPED/"rgb(%d,%d,255)", pale, pale/' src/report-flame.c
}

# tests/browser.sh (the flame graph as drawn): every frame at x = 0.
plant flame_page_frames_at_x_0 'BROWSER_CASES=c BROWSER_CHECKS=folded' tests/browser.sh \
    "c: the flame graph's frames are the folded stacks"
plant_flame_page_frames_at_x_0() {
    sed -i -e 's/x: offset\[i + 1\] \* scale, w: drawn \* scale/x: 0, w: drawn * scale/' web/flamegraph.js
}

# tests/browser.sh (the zoom): frames half as wide as they should be.
plant flame_page_widths_halved 'BROWSER_CASES=c BROWSER_CHECKS=zoom' tests/browser.sh \
    'c: a zoom draws the frames below'
plant_flame_page_widths_halved() {
    sed -i -e 's/x: offset\[i + 1\] \* scale, w: drawn \* scale/x: offset[i + 1] * scale, w: drawn * scale \/ 2/' \
        web/flamegraph.js
}

# tests/browser.sh (a diff's flame graph as drawn): red and blue swapped.
plant flame_page_red_blue_swapped 'BROWSER_CASES=diff BROWSER_CHECKS=folded' tests/browser.sh \
    "diff: the flame graph's frames are the folded stacks"
plant_flame_page_red_blue_swapped() {
    sed -i -e "s/return 'rgb(255,' + pale + ',' + pale + ')';/return 'rgb(' + pale + ',' + pale + ',255)';/" \
        web/flamegraph.js
}

# tests/browser.sh (labels after a reset, flame-cxx): the script keeps more
# room beside a label than the program does.
plant flame_svg_script_cuts_otherwise 'BROWSER_CASES=flame-cxx BROWSER_CHECKS=reset' tests/browser.sh \
    'flame-cxx: after a reset the script labels the frames as the program did'
plant_flame_svg_script_cuts_otherwise() {
    sed -i -e 's/^\t\t\twidth - 2 \* LABEL_PAD).text;$/\t\t\twidth - 3 * LABEL_PAD).text;/' web/flamegraph.js
}

# tests/browser.sh (the table): percentages doubled.
plant page_percentages_doubled 'BROWSER_CASES=c BROWSER_CHECKS=table.rows' tests/browser.sh \
    "c: table rows and numbers are the JSON report's"
plant_page_percentages_doubled() {
    sed -i -e 's/toNumber(v) \* 100 \/ Math.abs(total)/toNumber(v) * 200 \/ Math.abs(total)/' web/report.js
}

# tests/browser.sh (the table): every count 7 more.
plant page_counts_plus_7 'BROWSER_CASES=c BROWSER_CHECKS=table.rows' tests/browser.sh \
    "c: table rows and numbers are the JSON report's"
plant_page_counts_plus_7() {
    sed -i -e 's/return cgaFlame.groupDigits(String(v));/return cgaFlame.groupDigits(String(toNumber(v) + 7));/' \
        web/report.js
}

# tests/browser.sh (function pages): every caller row names the first
# caller.
plant page_callers_all_the_first 'BROWSER_CASES=c BROWSER_CHECKS=function.pages.list' tests/browser.sh \
    "c: function pages list the JSON's callers and callees"
plant_page_callers_all_the_first() {
    sed -i -e 's/ : \[\]), funcLink(c.func),$/ : []), funcLink(calls[0].func),/' web/report.js
}

# tests/browser.sh (the call graph): a note that there is none.
plant page_callgraph_a_note 'BROWSER_CASES=cxx BROWSER_CHECKS=call.graph,' tests/browser.sh \
    'cxx: the call graph, its nodes linked'
plant_page_callgraph_a_note() {
    sed -i -e "s/if (showMissing(parts, g, 'No call graph.'))/if (showMissing(parts, null, 'No call graph.'))/" \
        web/report.js
}

# tests/browser.sh (the call graph): the graph drawn without its edges.
plant page_callgraph_without_edges 'BROWSER_CASES=cxx BROWSER_CHECKS=call.graph,' tests/browser.sh \
    'cxx: the call graph, its nodes linked'
plant_page_callgraph_without_edges() {
    sed -i -e "s/if (!SVG_TAGS.has(child.localName) || child.namespaceURI !== 'http:\/\/www.w3.org\/2000\/svg') {/if (!SVG_TAGS.has(child.localName) || child.getAttribute('class') === 'edge') {/" \
        web/report.js
}

# tests/browser.sh (the call graph): every node opens the first function.
plant page_callgraph_nodes_open_one 'BROWSER_CASES=cxx BROWSER_CHECKS=call.graph,' tests/browser.sh \
    'cxx: the call graph, its nodes linked'
plant_page_callgraph_nodes_open_one() {
    sed -i -e "s/n.addEventListener('click', () => go(hashOf(f)));/n.addEventListener('click', () => go(hashOf(functions[0])));/" \
        web/report.js
}

# What the page shows as README "HTML report" and "Flame graphs" say.

# tests/browser.sh (the table): inlined code reads "from FILE", its host
# left out.
plant page_inlined_host_left_out 'BROWSER_CASES=c BROWSER_CHECKS=table.rows' tests/browser.sh \
    "c: table rows and numbers are the JSON report's"
plant_page_inlined_host_left_out() {
    sed -i -e "s/'inlined into ' + shownName(host) + ' from '/'from '/" web/report.js
}

# tests/browser.sh (the table): no name shortened.
plant page_names_in_full 'BROWSER_CASES=wide BROWSER_CHECKS=table.rows' tests/browser.sh \
    "wide: table rows and numbers are the JSON report's"
plant_page_names_in_full() {
    sed -i -e 's/return f.short !== undefined ? f.short : f.function;/return f.function;/' web/report.js
}

# tests/browser.sh (the table): a <cycle N> row's estimate column is ".".
plant page_cycle_estimate_left_out 'BROWSER_CASES=interp BROWSER_CHECKS=table.rows' tests/browser.sh \
    "interp: table rows and numbers are the JSON report's"
plant_page_cycle_estimate_left_out() {
    sed -i -e "s/tr.append(costCell(v, ev, { cls: 'same'/tr.append(costCell(r.kind === 'cycle' ? null : v, ev, { cls: 'same'/" \
        web/report.js
}

# tests/browser.sh (sorting): "EVENT incl" sorts by the estimates.
plant page_bounds_sorted_by_estimate 'BROWSER_CASES=interp BROWSER_CHECKS=sorts' tests/browser.sh \
    'interp: clicking a header sorts by it'
plant_page_bounds_sorted_by_estimate() {
    sed -i -e "s/const v = r\[state.sortKey\] ? r\[state.sortKey\]\[state.sortEvent\] : null;/const k = state.sortKey === 'inclusive' ? 'inclusive_estimate' : state.sortKey;\n\t\t\tconst v = r[k] ? r[k][state.sortEvent] : null;/" \
        web/report.js
}

# tests/browser.sh (the filter): it ignores "file [object]".
plant page_filter_names_only 'BROWSER_CASES=c BROWSER_CHECKS=filter' tests/browser.sh \
    'c: the filter hides the rows that do not match'
plant_page_filter_names_only() {
    sed -i -e 's/re.test(r.name) || re.test(r.where)) : all;/re.test(r.name)) : all;/' web/report.js
}

# tests/browser.sh (function pages): a call inside a cycle of calls gets a
# share.
plant page_recursive_call_a_share 'BROWSER_CASES=c BROWSER_CHECKS=function.pages.list' tests/browser.sh \
    "c: function pages list the JSON's callers and callees"
plant_page_recursive_call_a_share() {
    sed -i -e 's/const p = o.nested ? null : percentOf(v, ev);/const p = percentOf(v, ev);/' web/report.js
}

# tests/browser.sh (the flame graph as drawn): labels from the full names.
plant flame_page_labels_from_full_names 'BROWSER_CASES=wide BROWSER_CHECKS=folded' tests/browser.sh \
    "wide: the flame graph's frames are the folded stacks"
plant_flame_page_labels_from_full_names() {
    sed -i -e 's/const shown = f.short || f.name;/const shown = f.name;/' web/flamegraph.js
}

# tests/browser.sh (the flame graph as drawn): a growth under 1% is grey.
plant flame_page_small_growth_grey 'BROWSER_CASES=diff BROWSER_CHECKS=folded' tests/browser.sh \
    "diff: the flame graph's frames are the folded stacks"
plant_flame_page_small_growth_grey() {
    sed -i -e 's/if (rel > 0)$/if (rel > 1)/' web/flamegraph.js
}

# tests/browser.sh (the page against the SVG): tooltips without their
# lines after the counts.
plant flame_page_tooltips_without_about 'BROWSER_CASES=interp BROWSER_CHECKS=of.the.SVG' tests/browser.sh \
    "interp: the page's flame graph has the tooltips and colours of the SVG"
plant_flame_page_tooltips_without_about() {
    sed -i -e "s/about: about\[id\] || '',/about: '',/" web/flamegraph.js
}

# tests/flame.sh (a diff's colours): whole counts that changed but are
# equal before rounding are grey, "±0.00%".
plant flame_diff_rounding_unchanged '' tests/flame.sh 'diff progs/hot\.out progs/hot-after\.out'
plant_flame_diff_rounding_unchanged() {
    sed -i -e 's/^\tif (old <= 0 || new == old)$/\tif (old <= 0)/' src/calc-flame.c
}
