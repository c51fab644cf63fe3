# Plants for the checks of the HTML page (tests/browser/check-page.js, the
# golden case html-no-dot, and JSON's inlined_into): each function breaks a
# copy of the source tree, run from its top, so that the check named above
# it fails once the program is built again (the page's script and style are
# built into the program).  Sourced by the mutation script.

# tests/browser.sh "bounds marked ≥ beside their estimates ≈ in the table"
# (interp, python3): the bound is no longer marked.
plant_bound_unmarked() {
    sed -i "s/tr.append(costCell(v, ev, { mark: est !== null ? '\\\\u2265' : null }));/tr.append(costCell(v, ev, {}));/" web/report.js
}

# tests/browser.sh "bounds marked ≥ beside their estimates ≈ in the table":
# the column of estimates shows the bound.
plant_estimate_is_bound() {
    sed -i "s/tr.append(costCell(est, ev, { mark: '\\\\u2248' }));/tr.append(costCell(v, ev, { mark: '\\\\u2248' }));/" web/report.js
}

# tests/browser.sh "... sorted by either" (interp, python3): the column of
# estimates sorts by the bound.
plant_sort_by_bound() {
    sed -i 's/inclusive_estimate: f.inclusive_estimate || f.inclusive,/inclusive_estimate: f.inclusive,/' web/report.js
}

# tests/browser.sh "bounds marked ..." : the legend links elsewhere.
plant_legend_link() {
    sed -i "s|const README_LINK = 'README.md#exact-and-estimated';|const README_LINK = 'README.md';|" web/report.js
}

# tests/browser.sh "function pages show the bound and the estimate": a
# function's page has no estimate beside its bound.
plant_page_no_estimate() {
    sed -i '/^\t\tif (hasEstimate)$/{n;s/columns.push(\[/if (false) columns.push([/}' web/report.js
}

# tests/browser.sh "calls inside cycles marked ↻, without a share; no bare
# share above 100%" (evenodd, python3): a recursive call keeps its share,
# which goes past 100%.
plant_nested_share() {
    sed -i 's/const p = o.nested ? null : percentOf(v, ev);/const p = percentOf(v, ev);/' web/report.js
}

# tests/browser.sh "calls inside cycles marked ↻ ..." (evenodd): the =>
# lines of source and machine code no longer mark recursive calls.
plant_nested_lines() {
    sed -i 's/call.append(costCell(c.inclusive ? c.inclusive\[e\] : null, e, { nested: c.recursive }));/call.append(costCell(c.inclusive ? c.inclusive[e] : null, e));/' web/report.js
}

# tests/browser.sh "cycle pages: members by estimated cost, the calls
# entering and leaving" (interp, evenodd, python3): members by name.
plant_cycle_by_name() {
    sed -i 's/members.sort((a, b) => compareCounts(key(b), key(a)) ||/members.sort((a, b) => 0 ||/' web/report.js
}

# tests/browser.sh "cycle pages ...": calls between members count as calls
# entering the cycle.
plant_cycle_inside_calls() {
    sed -i '/for (const call of callersOf(f))/{n;s/if (!inside.has(call.func))/if (true)/}' web/report.js
}

# tests/browser.sh "the table lists first the text report's rows; every
# function of the graphs has its page": the table shows 500 rows first.
plant_first_rows() {
    sed -i 's/const firstRows = Math.max(1, page.listed || 0);/const firstRows = 500;/' web/report.js
}

# tests/browser.sh "... every function of the graphs has its page": every
# other function has no call lists in the page (as beyond --threshold).
plant_calls_cut() {
    sed -i 's/^\tjson_key(j, "callers");$/\tif (o->page != NULL \&\& f->index % 2 == 1) { json_end_object(j); return; }\n\tjson_key(j, "callers");/' src/report-json.c
}

# tests/browser.sh "names as the call graph labels them, on one line, in
# full on hover and on the page" (tmpl): names are not shortened.
plant_names_long() {
    sed -i 's/return f.short !== undefined ? f.short : f.function;/return f.function;/' web/report.js
}

# tests/browser.sh "names as the call graph labels them, on one line ...":
# names and places wrap.
plant_names_wrap() {
    sed -i '/^td.name .where {$/,/^}$/s/white-space: nowrap;/white-space: normal;/' web/report.css
}

# tests/browser.sh "names as the call graph labels them ... in full on
# hover": no tooltip with the full name.
plant_names_no_tooltip() {
    sed -i "s/const title = f.short !== undefined ? f.function : null;/const title = null;/" web/report.js
}

# tests/browser.sh "names as the call graph labels them" (tmpl, where
# inlined code is): inlined code no longer says into what.
plant_inlined_unlabelled() {
    sed -i "s/line.append(el('span', { class: 'inlined' }, 'inlined into ' + shownName(host) + ' from '));/void host;/" web/report.js
}

# tests/browser.sh "inlined code labelled, listed by its host, whose
# figures add up or say why not": the host does not list its inlined code.
plant_host_silent() {
    sed -i 's/^\t\t\tparts.push(inlinedTable(inlined));$/\t\t\tvoid inlinedTable;/' web/report.js
}

# tests/browser.sh "inlined code labelled ... add up or say why not": the
# page says the figures add up whatever they do.
plant_adds_up_always() {
    sed -i 's/\t\tif (off.length === 0)$/\t\tif (true)/' web/report.js
}

# tests/browser.sh "a page given warnings shows each, as text, on every
# view" (c): no banner.
plant_warnings_dropped() {
    sed -i 's/const list = Array.isArray(data.warnings) ? data.warnings : \[\];/const list = [];/' web/report.js
}

# tests/browser.sh "a page given warnings shows each, as text ...": the
# warnings are written as markup.
plant_warnings_markup() {
    sed -i "s/el('ul', {}, ...list.map(w => el('li', {}, String(w)))));/el('ul', {}, ...list.map(w => { const li = el('li'); li.innerHTML = w; return li; })));/" web/report.js
}

# tests/browser.sh "typing into the search box does not move the flame
# graph": the search's result has no width of its own.
plant_search_moves() {
    sed -i '/^\.tools \.search-result {$/,/^}$/d' web/report.css
}

# tests/browser.sh "the call graph opens fitted only where its text stays 8
# pixels tall": the graph opens fitted, however small.
plant_graph_always_fitted() {
    sed -i 's/if (size !== null \&\& smallestText(node, size) \* scale < READABLE_PX) {/if (false) {/' web/report.js
}

# tests/browser.sh "the call graph opens fitted only where ..." (interp,
# whose graph fits): the graph opens at its full size.
plant_graph_never_fitted() {
    sed -i 's/if (size !== null \&\& smallestText(node, size) \* scale < READABLE_PX) {/if (true) {/' web/report.js
}

# tests/browser.sh "growth is written with +" (diff): growth unsigned.
plant_growth_unsigned() {
    sed -i "s/return diffMode \&\& !s.startsWith('-') \&\& s !== '0' ? '+' + s : s;/return s;/" web/report.js
}

# The golden case html-no-dot: no warning without Graphviz.
plant_no_dot_silent() {
    sed -i 's/^\tif (g->spawn_error != 0)$/\tif (0)/' src/report-html.c
}

# The golden cases json-small and asm-json: JSON names no host of inlined
# code.
plant_json_no_host() {
    sed -i 's/} else if (f->host == NULL) {/} else if (1) {/' src/report-json.c
}
