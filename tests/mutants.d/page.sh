# Plants for the checks of the HTML page (tests/browser/check-page.js, the
# golden cases html-no-dot and html-graph-*, and JSON's inlined_into): each function breaks a
# copy of the source tree, run from its top, so that the check named above
# it fails once the program is built again (the page's script and style are
# built into the program).  Sourced by the mutation script.
# Each is declared by the line "plant NAME ENV TEST PATTERN" above it: the
# test and the check that must catch it (see tests/mutants.sh).

# tests/browser.sh "bounds marked ≥ beside their estimates ≈ in the table"
# (interp, python3): the bound is no longer marked.
plant bound_unmarked 'BROWSER_CASES=interp BROWSER_CHECKS=bounds.marked' tests/browser.sh \
    'interp: bounds marked'
plant_bound_unmarked() {
    sed -i "s/tr.append(costCell(v, ev, { mark: est !== null ? '\\\\u2265' : null }));/tr.append(costCell(v, ev, {}));/" web/report.js
}

# tests/browser.sh "bounds marked ≥ beside their estimates ≈ in the table":
# the column of estimates shows the bound.
plant estimate_is_bound 'BROWSER_CASES=interp BROWSER_CHECKS=bounds.marked' tests/browser.sh \
    'interp: bounds marked'
plant_estimate_is_bound() {
    sed -i "s/tr.append(costCell(est, ev, { mark: '\\\\u2248' }));/tr.append(costCell(v, ev, { mark: '\\\\u2248' }));/" web/report.js
}

# tests/browser.sh "... sorted by either" (interp, python3): the column of
# estimates sorts by the bound.
plant sort_by_bound 'BROWSER_CASES=interp BROWSER_CHECKS=bounds.marked' tests/browser.sh \
    'interp: bounds marked'
plant_sort_by_bound() {
    sed -i 's/inclusive_estimate: f.inclusive_estimate || f.inclusive,/inclusive_estimate: f.inclusive,/' web/report.js
}

# tests/browser.sh "bounds marked ..." : the legend links elsewhere.
plant legend_link 'BROWSER_CASES=interp BROWSER_CHECKS=bounds.marked' tests/browser.sh \
    'interp: bounds marked'
plant_legend_link() {
    sed -i "s|const README_LINK = 'README.md#exact-and-estimated';|const README_LINK = 'README.md';|" web/report.js
}

# tests/browser.sh "function pages show the bound and the estimate": a
# function's page has no estimate beside its bound.
plant page_no_estimate 'BROWSER_CASES=interp BROWSER_CHECKS=function.pages.show' tests/browser.sh \
    'interp: function pages show the bound and the estimate'
plant_page_no_estimate() {
    sed -i '/^\t\tif (hasEstimate)$/{n;s/columns.push(\[/if (false) columns.push([/}' web/report.js
}

# tests/browser.sh "calls inside cycles marked ↻, without a share; no bare
# share above 100%" (evenodd, python3): a recursive call keeps its share,
# which goes past 100%.
plant nested_share 'BROWSER_CASES=evenodd BROWSER_CHECKS=calls.inside.cycles' tests/browser.sh \
    'evenodd: calls inside cycles marked'
plant_nested_share() {
    sed -i 's/const p = o.nested ? null : percentOf(v, ev);/const p = percentOf(v, ev);/' web/report.js
}

# tests/browser.sh "calls inside cycles marked ↻ ..." (evenodd): the =>
# lines of source and machine code no longer mark recursive calls.
plant nested_lines 'BROWSER_CASES=evenodd BROWSER_CHECKS=calls.inside.cycles' tests/browser.sh \
    'evenodd: calls inside cycles marked'
plant_nested_lines() {
    sed -i 's/call.append(costCell(c.inclusive ? c.inclusive\[e\] : null, e, { nested: c.recursive }));/call.append(costCell(c.inclusive ? c.inclusive[e] : null, e));/' web/report.js
}

# tests/browser.sh "cycle pages: members by estimated cost, the calls
# entering and leaving" (interp, evenodd, python3): members by name.
plant cycle_by_name 'BROWSER_CASES=interp BROWSER_CHECKS=cycle.pages' tests/browser.sh \
    'interp: cycle pages'
plant_cycle_by_name() {
    sed -i 's/members.sort((a, b) => compareCounts(key(b), key(a)) ||/members.sort((a, b) => 0 ||/' web/report.js
}

# tests/browser.sh "cycle pages ...": calls between members count as calls
# entering the cycle.
plant cycle_inside_calls 'BROWSER_CASES=interp BROWSER_CHECKS=cycle.pages' tests/browser.sh \
    'interp: cycle pages'
plant_cycle_inside_calls() {
    sed -i '/for (const call of callersOf(f))/{n;s/if (!inside.has(call.func))/if (true)/}' web/report.js
}

# tests/browser.sh "the table lists first the text report's rows": the
# table shows 500 rows first.
plant first_rows 'BROWSER_CASES=c BROWSER_CHECKS=lists.first' tests/browser.sh \
    "c: the table lists first the text report's rows"
plant_first_rows() {
    sed -i 's/const firstRows = Math.max(1, page.listed || 0);/const firstRows = 500;/' web/report.js
}

# tests/browser.sh "every function of the graphs has its page": every
# other function has no call lists in the page (as beyond --threshold).
plant calls_cut 'BROWSER_CASES=c BROWSER_CHECKS=graphs.has.its.page' tests/browser.sh \
    "c: every function of the graphs has its page"
plant_calls_cut() {
    sed -i 's/^\tjson_key(j, "callers");$/\tif (o->page != NULL \&\& f->index % 2 == 1) { json_end_object(j); return; }\n\tjson_key(j, "callers");/' src/report-json.c
}

# tests/browser.sh "names as the call graph labels them, on one line, in
# full on hover and on the page" (tmpl): names are not shortened.
plant names_long 'BROWSER_CASES=tmpl BROWSER_CHECKS=names.as' tests/browser.sh \
    'tmpl: names as the call graph labels them'
plant_names_long() {
    sed -i 's/return f.short !== undefined ? f.short : f.function;/return f.function;/' web/report.js
}

# tests/browser.sh "names as the call graph labels them, on one line ..."
# (tmpl): a name that is its flame frames' text takes their text, not
# their label.
plant names_flame_text 'BROWSER_CASES=tmpl BROWSER_CHECKS=names.as' tests/browser.sh \
    'tmpl: names as the call graph labels them'
plant_names_flame_text() {
    sed -i 's/xstrdup(label != NULL ? label : name);$/xstrdup(name);/' src/report-html.c
}

# tests/browser.sh "names as the call graph labels them, on one line ...":
# names and places wrap.
plant names_wrap 'BROWSER_CASES=tmpl BROWSER_CHECKS=names.as' tests/browser.sh \
    'tmpl: names as the call graph labels them'
plant_names_wrap() {
    sed -i '/^td.name .where {$/,/^}$/s/white-space: nowrap;/white-space: normal;/' web/report.css
}

# tests/browser.sh "names as the call graph labels them ... in full on
# hover": no tooltip with the full name.
plant names_no_tooltip 'BROWSER_CASES=tmpl BROWSER_CHECKS=names.as' tests/browser.sh \
    'tmpl: names as the call graph labels them'
plant_names_no_tooltip() {
    sed -i "s/const title = f.short !== undefined ? f.function : null;/const title = null;/" web/report.js
}

# tests/browser.sh "names as the call graph labels them" (tmpl, where
# inlined code is): inlined code no longer says into what.
plant inlined_unlabelled 'BROWSER_CASES=tmpl BROWSER_CHECKS=names.as' tests/browser.sh \
    'tmpl: names as the call graph labels them'
plant_inlined_unlabelled() {
    sed -i "s/line.append(el('span', { class: 'inlined' }, 'inlined into ' + shownName(host) + ' from '));/void host;/" web/report.js
}

# tests/browser.sh "inlined code labelled, listed by its host, whose
# figures add up or say why not": the host does not list its inlined code.
plant host_silent 'BROWSER_CASES=tmpl BROWSER_CHECKS=inlined.code' tests/browser.sh \
    'tmpl: inlined code labelled'
plant_host_silent() {
    sed -i 's/^\t\t\tparts.push(inlinedTable(inlined));$/\t\t\tvoid inlinedTable;/' web/report.js
}

# tests/browser.sh "inlined code labelled ... add up or say why not" (cut,
# a profile cut short, whose hosts' figures do not all add up): the page
# says the figures add up whatever they do.
plant adds_up_always 'BROWSER_CASES=cut BROWSER_CHECKS=inlined.code' tests/browser.sh \
    'cut: inlined code labelled'
plant_adds_up_always() {
    sed -i 's/\t\tif (off.length === 0)$/\t\tif (true)/' web/report.js
}

# tests/browser.sh "a page given warnings shows each, as text, on every
# view" (c): no banner.
plant warnings_dropped 'BROWSER_CASES=c BROWSER_CHECKS=given.warnings' tests/browser.sh \
    'c: a page given warnings'
plant_warnings_dropped() {
    sed -i 's/const list = Array.isArray(data.warnings) ? data.warnings : \[\];/const list = [];/' web/report.js
}

# tests/browser.sh "a page given warnings shows each, as text ...": the
# warnings are written as markup.
plant warnings_markup 'BROWSER_CASES=c BROWSER_CHECKS=given.warnings' tests/browser.sh \
    'c: a page given warnings'
plant_warnings_markup() {
    sed -i "s/el('ul', {}, ...list.map(w => el('li', {}, String(w)))));/el('ul', {}, ...list.map(w => { const li = el('li'); li.innerHTML = w; return li; })));/" web/report.js
}

# tests/browser.sh "typing into the search box does not move the flame
# graph": the search's result has no width of its own.
plant search_moves 'BROWSER_CASES=c BROWSER_CHECKS=search.box' tests/browser.sh \
    'c: typing into the search box'
plant_search_moves() {
    sed -i '/^\.tools \.search-result {$/,/^}$/d' web/report.css
}

# tests/browser.sh "the call graph opens fitted only where its text stays 8
# pixels tall": the graph opens fitted, however small.
plant graph_always_fitted 'BROWSER_CASES=c BROWSER_CHECKS=opens.fitted' tests/browser.sh \
    'c: the call graph opens fitted'
plant_graph_always_fitted() {
    sed -i 's/if (size !== null \&\& smallestText(node, size) \* scale < READABLE_PX) {/if (false) {/' web/report.js
}

# tests/browser.sh "the call graph opens fitted only where ..." (interp,
# whose graph fits): the graph opens at its full size.
plant graph_never_fitted 'BROWSER_CASES=interp BROWSER_CHECKS=opens.fitted' tests/browser.sh \
    'interp: the call graph opens fitted'
plant_graph_never_fitted() {
    sed -i 's/if (size !== null \&\& smallestText(node, size) \* scale < READABLE_PX) {/if (true) {/' web/report.js
}

# tests/browser.sh "growth is written with +" (diff): growth unsigned.
plant growth_unsigned 'BROWSER_CASES=diff BROWSER_CHECKS=growth' tests/browser.sh \
    'diff: growth is written with \+'
plant_growth_unsigned() {
    sed -i "s/return diffMode \&\& !s.startsWith('-') \&\& s !== '0' ? '+' + s : s;/return s;/" web/report.js
}

# The golden case html-no-dot: no warning without Graphviz.
plant no_dot_silent GOLDEN_CASES=html-no-dot tests/golden/run.sh '^html-no-dot$'
plant_no_dot_silent() {
    sed -i 's/^\tif (g->spawn_error != 0)$/\tif (0)/' src/report-html.c
}

# tests/browser.sh "the call graph draws the functions its caption says"
# (chain): the caption never says the graph is cut.
plant graph_caption_silent 'BROWSER_CASES=chain BROWSER_CHECKS=caption' tests/browser.sh \
    'chain: the call graph draws the functions its caption says'
plant_graph_caption_silent() {
    sed -i 's/^\t\tconst cut = g.drawn < g.reached$/\t\tconst cut = false/' web/report.js
}

# The golden case html-graph-largest: the page draws every function that
# reaches --node-thres, however many.
plant graph_uncut GOLDEN_CASES=html-graph-largest tests/golden/run.sh '^html-graph-largest$'
plant_graph_uncut() {
    sed -i 's/^\tif (max_nodes != 0 \&\& d->nnodes > max_nodes)$/\tif (0)/' src/report-dot.c
}

# The golden case html-graph-all: the page cuts the graph though
# --node-thres was given.
plant graph_cut_given GOLDEN_CASES=html-graph-all tests/golden/run.sh '^html-graph-all$'
plant_graph_cut_given() {
    sed -i 's/opt->node_thres_set ? 0 : HTML_GRAPH_NODES;$/HTML_GRAPH_NODES;/' src/report-html.c
}

# The golden cases json-small and asm-json: JSON names no host of inlined
# code.
plant json_no_host "GOLDEN_CASES='json-small asm-json'" tests/golden/run.sh \
    '^(json-small|asm-json)$'
plant_json_no_host() {
    sed -i 's/} else if (f->host == NULL) {/} else if (1) {/' src/report-json.c
}

# The golden case dot-fib: --format=dot loses the tooltips that only the
# page's graph goes without.
plant dot_no_tooltips GOLDEN_CASES=dot-fib tests/golden/run.sh '^dot-fib$'
plant_dot_no_tooltips() {
    sed -i 's/^\t\t\t .tooltips = page == NULL };$/\t\t\t .tooltips = false };/' src/report-dot.c
}

# The golden case html-graph-no-tooltips: the page's graph asks dot for
# tooltips, which the page throws away.
plant page_graph_tooltips GOLDEN_CASES=html-graph-no-tooltips tests/golden/run.sh '^html-graph-no-tooltips$'
plant_page_graph_tooltips() {
    sed -i 's/^\tif (d->tooltips) {$/\tif (1) {/' src/report-dot.c
}
