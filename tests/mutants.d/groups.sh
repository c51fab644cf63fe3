# Planted bugs for the checks of groups of functions (--group-by) and costs
# per call (--per-call): each function changes one file of a copy of the
# tree (run from its top), after which the test named in its comment, run
# on the rebuilt program, must fail.
# Each is declared by the line "plant NAME ENV TEST PATTERN" above it: the
# test and the check that must catch it (see tests/mutants.sh).

# tests/unit/check_cxxname (test_real_names: name_lookup::search_adl, and
# test_scopes: range_cache::fill): a lowercase scope with an underscore read
# as a namespace.
plant cxx_capital_only '' tests/unit/check_cxxname ':test_(real_names|scopes):'
plant_cxx_capital_only() {
	sed -i 's/^\treturn (len > 0 \&\& s\[0\] >= .A. \&\& s\[0\] <= .Z.) || memchr(s, ._., len) != NULL;$/\treturn len > 0 \&\& s[0] >= '"'A'"' \&\& s[0] <= '"'Z'"';/' src/fmt-cxxname.c
}

# tests/unit/check_cxxname (test_suffixes: "ns::Cls::g() const'3"):
# callgrind's "'N" kept on the name.
plant cxx_keep_recursion_level '' tests/unit/check_cxxname ':test_suffixes:'
plant_cxx_keep_recursion_level() {
	sed -i "s/^\t\tif (s\[i\] == '\\\\'' \&\& p->depth\[i\] == 0) {$/\t\tif (s[i] == '\\\\'' \&\& p->depth[i] == 99) {/" src/fmt-cxxname.c
}

# tests/unit/check_cxxname (test_templates: "... ns::find<int>(int const&)"):
# a return type taken for the name.
plant cxx_no_return_type '' tests/unit/check_cxxname ':test_templates:'
plant_cxx_no_return_type() {
	sed -i 's/^\tif (space != SIZE_MAX \&\& space + 1 < end)$/\tif (space != SIZE_MAX \&\& space + 1 < end \&\& false)/' src/fmt-cxxname.c
}

# tests/unit/check_cxxname (test_operators: "ns::Vec::operator<(...)"): the
# '<' of an operator's name read as a bracket.
plant cxx_operator_brackets '' tests/unit/check_cxxname ':test_operators:'
plant_cxx_operator_brackets() {
	sed -i 's/^\tif (k < n \&\& strchr("<>=-!+\*\/%^\&|~,", s\[k\]) != NULL) {$/\tif (k < n \&\& strchr("=-!+*\/%^\&|~,", s[k]) != NULL) {/' src/fmt-cxxname.c
}

# tests/unit/check_cxxname (test_local: "ns::A::f(int)::{lambda(int)#1}..."):
# a lambda read as the class of its own.
plant cxx_lambda_own_class '' tests/unit/check_cxxname ':test_local:'
plant_cxx_lambda_own_class() {
	sed -i 's/^\t\telse if (is_function_part(p, start, ends\[k\]))$/\t\telse if (false)/; s/^\t\tif (p->s\[start\] == .{.)$/\t\tif (false)/' src/fmt-cxxname.c
}

# tests/unit/check_cxxname (test_scopes: "std::__detail::_Prime_rehash_policy"):
# the standard library's namespaces not known as such.
plant cxx_library_unknown '' tests/unit/check_cxxname ':test_scopes:'
plant_cxx_library_unknown() {
	sed -i 's/^\t\tif (library)$/\t\tif (false)/' src/fmt-cxxname.c
}

# tests/unit/check_group (test_per_call_text) and the golden case
# percall-small: costs per call rounded down.
plant per_call_round_down '' tests/unit/check_group ':test_per_call_text:'
plant_per_call_round_down() {
	sed -i 's/^\treturn a >= 0 ? (a + b \/ 2) \/ b : -((-a + b \/ 2) \/ b);$/\treturn a >= 0 ? a \/ b : -(-a \/ b);/' src/fmt-num.c
}

# tests/unit/check_group (test_by_namespace: ns exact) and the golden case
# group-small-namespace-json: a path of calls between two functions of a
# group not seen.
plant group_paths_unseen '' tests/unit/check_group ':test_by_namespace:'
plant_group_paths_unseen() {
	sed -i 's/^\t\t\tif (member\[w\] == g)$/\t\t\tif (member[w] == g \&\& false)/' src/calc-group.c
}

# The golden case group-small-class-incl (shop::Cart 100): code inlined
# into a function of the group counted again.
plant group_sum_counts_held 'GOLDEN_CASES=group-small-class-incl' tests/golden/run.sh \
    '^group-small-class-incl$'
plant_group_sum_counts_held() {
	sed -i 's/^\t\tif (h == i || gr->group_of\[h\] != g)$/\t\tif (1)/' src/calc-group.c
}

# The golden case group-check-tmpl-file (tools/groups-check.py json:
# "inclusive"): the bound without the calls into the group from outside its
# component.
plant group_bound_no_calls_in 'GOLDEN_CASES=group-check-tmpl-file' tests/golden/run.sh \
    '^group-check-tmpl-file$'
plant_group_bound_no_calls_in() {
	sed -i 's/^\ttake_larger(bound, in, nev);$//' src/calc-group.c
}

# The golden case group-check-corpus-class (tools/groups-check.py json:
# "inclusive"): the bound without the group's own cost and calls out.
plant group_bound_no_calls_out 'GOLDEN_CASES=group-check-corpus-class' tests/golden/run.sh \
    '^group-check-corpus-class$'
plant_group_bound_no_calls_out() {
	sed -i 's/^\ttake_larger(bound, out, nev);$//' src/calc-group.c
}

# tests/unit/check_group (test_by_namespace: estimate 170) and the golden
# case group-check-corpus-class (tools/groups-check.py folded): a stack
# counted once for every frame of the group.
plant group_estimate_every_frame '' tests/unit/check_group ':test_by_namespace:'
plant_group_estimate_every_frame() {
	sed -i 's/^\t\t\tif (active\[g\]++ == 0)$/\t\t\tif (active[g]++ >= 0)/' src/calc-group.c
}

# tests/unit/check_group (test_stacks_merged) and the golden case
# group-small-namespace-folded: frames of one group in a row not merged.
plant group_stacks_unmerged '' tests/unit/check_group ':test_stacks_merged:'
plant_group_stacks_unmerged() {
	sed -i 's/^\t\tif (parent != STACKS_ROOT \&\& out->frames\[parent\].func == g \&\&$/\t\tif (parent != STACKS_ROOT \&\& out->frames[parent].func == g \&\& false \&\&/' src/calc-group.c
}

# tests/unit/check_group (test_by_namespace: 7 calls) and the golden case
# group-small-file-both-tree: calls inside a group counted as the group's.
plant group_calls_inside '' tests/unit/check_group ':test_by_namespace:'
plant_group_calls_inside() {
	sed -i 's/^\t\t\tif (h == g)$/\t\t\tif (h == g \&\& false)/' src/calc-group.c
}

# The golden case group-small-object: code inlined from another file put in
# no object (its own ob= is none) rather than its host's.
plant group_object_not_host 'GOLDEN_CASES=group-small-object' tests/golden/run.sh \
    '^group-small-object$'
plant_group_object_not_host() {
	sed -i 's/^\tif ((f->object == NULL || \*f->object == .\\0.) \&\& f->host != NULL)$/\tif (false)/' src/model-profile.c
}

# The golden case group-small-namespace-json ("exact") and group-check-*
# (tools/groups-check.py json: "exact"): every group said to be exact.
plant json_all_exact 'GOLDEN_CASES=group-small-namespace-json' tests/golden/run.sh \
    '^group-small-namespace-json$'
plant_json_all_exact() {
	sed -i 's/^\t\tjson_bool(j, !g->recursive);$/\t\tjson_bool(j, true);/' src/report-json.c
}

# The golden cases percall-small (write: 5.0) and group-check-*
# (tools/groups-check.py json: "self_per_call"): a function's calls to
# itself counted as calls that enter it.
plant per_call_counts_self GOLDEN_CASES=percall-small tests/golden/run.sh '^percall-small$'
plant_per_call_counts_self() {
	sed -i 's/^\t\tif (e->key.caller != f \&\& !(f->cycle != NULL \&\& e->key.caller->cycle == f->cycle))$/\t\tif (1)/' src/calc-percall.c
}

# The golden case percall-small-sort: the rows in the order of their costs,
# not of their costs per call.
plant per_call_sort_ignored 'GOLDEN_CASES=percall-small-sort' tests/golden/run.sh \
    '^percall-small-sort$'
plant_per_call_sort_ignored() {
	sed -i 's/^\t\t\t\t   sorts_per_call(opt) ? t->per_call : NULL };$/\t\t\t\t   NULL };/; s/^\t\tif (spec->per_call != NULL \&\& spec->keys\[0\].per_call != PER_CALL_NONE)$/\t\tif (false)/' src/calc-table.c
}

# The golden case percall-small-sort: "Dr/call:incl" not read as a key per
# call (then an unknown event: a usage error).
plant sort_per_call_unread 'GOLDEN_CASES=percall-small-sort' tests/golden/run.sh \
    '^percall-small-sort$'
plant_sort_per_call_unread() {
	sed -i 's/^\t\topt->sort\[i\].per_call = per_call_suffix(fields\[i\], \&end);$/\t\topt->sort[i].per_call = PER_CALL_NONE;/' src/options.c
}

# The golden cases group-small-class-percall and group-check-*
# (tools/groups-check.py text: "per call"): the self and inclusive costs
# per call in each other's columns.
plant per_call_columns_swapped 'GOLDEN_CASES=group-small-class-percall' tests/golden/run.sh \
    '^group-small-class-percall$'
plant_per_call_columns_swapped() {
	sed -i 's/^\t\t\tcell(buf, t, f, c->show\[k \/ 2\], (int)(k % 2));$/\t\t\tcell(buf, t, f, c->show[k \/ 2], (int)(1 - k % 2));/' src/report-percall.c
}

# The golden case group-small-object: the table of groups headed
# "file:function".
plant text_function_label GOLDEN_CASES=group-small-object tests/golden/run.sh '^group-small-object$'
plant_text_function_label() {
	sed -i 's/^\tfprintf(out, " %s\\n", grouping_label(opt->group_by));$/\tfputs(" file:function\\n", out);/' src/report-text.c
}

# The golden case group-small-object: sources annotated after a table of
# groups.
plant text_groups_annotate 'GOLDEN_CASES=group-small-object' tests/golden/run.sh \
    '^group-small-object$'
plant_text_groups_annotate() {
	sed -i 's/^\t\tgroups.auto_annotate = false;$//' src/pipeline-kinds.c
}

# The golden case group-small-object-dot: an empty "file [object]" line in
# a group's label.
plant dot_group_location 'GOLDEN_CASES=group-small-object-dot' tests/golden/run.sh \
    '^group-small-object-dot$'
plant_dot_group_location() {
	sed -i 's/^\tif (\*where != .\\0.)   \/\* a group (--group-by) lives nowhere \*\/$/\tif (1)/' src/report-dot.c
}

# The golden case group-small-namespace-folded: folded stacks of functions
# with --group-by.
plant folded_ungrouped 'GOLDEN_CASES=group-small-namespace-folded' tests/golden/run.sh \
    '^group-small-namespace-folded$'
plant_folded_ungrouped() {
	sed -i 's/^\tif ((needs \& NEED_GROUPS) \&\& !(needs \& NEED_CYCLES))$/\tif (false)/' src/pipeline.c
}

# The golden case per-call-diff: --per-call taken with --diff.
plant per_call_diff_taken GOLDEN_CASES=per-call-diff tests/golden/run.sh '^per-call-diff$'
plant_per_call_diff_taken() {
	sed -i 's/^\tif (opt->per_call \&\& opt->mode == MODE_DIFF)$/\tif (false)/' src/options.c
}

# The golden case group-by-asm: --asm taken with --group-by.
plant group_by_asm_taken GOLDEN_CASES=group-by-asm tests/golden/run.sh '^group-by-asm$'
plant_group_by_asm_taken() {
	sed -i 's/^\tif (opt->group_by != GROUP_FUNCTION \&\& (opt->asm_view || opt->nasm_functions > 0))$/\tif (false)/' src/options.c
}

# The golden case group-by-aprof: --group-by taken for an aprof report.
plant group_by_aprof_taken GOLDEN_CASES=group-by-aprof tests/golden/run.sh '^group-by-aprof$'
plant_group_by_aprof_taken() {
	sed -i 's/^\tif (opt->group_by != GROUP_FUNCTION || opt->per_call)$/\tif (false)/' src/pipeline.c
}

# The golden case group-check-corpus-class (tools/groups-check.py names):
# every scope without evidence read as a class.
plant cxx_default_class 'GOLDEN_CASES=group-check-corpus-class' tests/golden/run.sh \
    '^group-check-corpus-class$'
plant_cxx_default_class() {
	sed -i 's/^\t\t\tis_class\[i\] = !(seen \& SEEN_CHILD) \&\& class_like(n->s + start, end - start);$/\t\t\tis_class[i] = true;/' src/fmt-cxxname.c
}

# The golden cases group-by-function and group-by-function-json: the
# default grouped by function names.
plant group_by_function_grouped "GOLDEN_CASES='group-by-function group-by-function-json'" tests/golden/run.sh \
    '^(group-by-function|group-by-function-json)$'
plant_group_by_function_grouped() {
	sed -i 's/^\tif (opt->group_by != GROUP_FUNCTION)$/\tif (1)/' src/pipeline-kinds.c
}

# The golden case group-diff-object: in a diff, groups that are no sums
# left without NEW's bound less OLD's.
plant group_diff_unsubtracted 'GOLDEN_CASES=group-diff-object' tests/golden/run.sh \
    '^group-diff-object$'
plant_group_diff_unsubtracted() {
	sed -i 's/^\t\tif (!f->recursive)$/\t\tif (1)/' src/calc-group.c
}
