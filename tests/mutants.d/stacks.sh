# Plants for the checks of the stack estimate (tests/stability.sh); each
# function changes the tree in the current directory.
# Each is declared by the line "plant NAME ENV TEST PATTERN" above it: the
# test and the check that must catch it (see tests/mutants.sh).

# The proportional part of a context jumps at a threshold instead of
# growing continuously: stability.sh's sweeps of tmpl.out and
# bool.callgrind catch it (the nudges of a few sizes only where a context
# happens to lie near it).
plant stacks_hard_threshold '' tests/stability.sh \
    'tmpl\.out with [0-9]+ (then [0-9]+ )?more in _dl_lookup_symbol_x|bool\.callgrind with [0-9]+ (then [0-9]+ )?more in'
plant_stacks_hard_threshold() {
    python3 - src/calc-stacks.c <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = """	if (x <= tau)
		return 0;
	if (x >= 2 * tau)
		return x;
	return x * (x - tau) / tau;"""
assert old in s
open(p, 'w').write(s.replace(old, "	return x < 1.5 * tau ? 0 : x;"))
PY
}

# Contexts are taken in the order their frames were made, which depends on
# the costs and on where functions come in the profile, rather than by
# their names: stability.sh's sweep of tmpl.out catches it (the runs of
# python3 in some runs only).
plant stacks_profile_order '' tests/stability.sh 'tmpl\.out with [0-9]+ (then [0-9]+ )?more in _dl_lookup_symbol_x'
plant_stacks_profile_order() {
    python3 - src/calc-stacks.c <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = """			k[i] = (struct keyed){ e->ef[e->order[i]].key, e->order[i] };"""
assert old in s
open(p, 'w').write(s.replace(old, "			k[i] = (struct keyed){ 0, e->order[i] };"))
PY
}

# The whole counts are rounded down and the rest filled in the pool's
# order, which does not scale with the costs: stability.sh's scales catch
# it.
plant stacks_no_fraction_order '' tests/stability.sh 'times 2:'
plant_stacks_no_fraction_order() {
    python3 - src/calc-stacks.c <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = """	keysort_indexes(e->keyed, m, e->sorted);
	for (size_t k = 0; k < m; k++) {"""
assert old in s
open(p, 'w').write(s.replace(old, """	keysort_indexes(e->keyed, m, e->sorted);
	for (size_t k = 0; k < 0; k++) {"""))
PY
}

# Caught by golden stacks-interp-folded and stacks-interp-json: a packet's
# later ways start again from its entry frame instead of from the frame of
# the last node of the way it has walked, so frames hang at wrong depths.
plant stacks_route_restart "GOLDEN_CASES='stacks-interp-folded stacks-interp-json'" tests/golden/run.sh \
    '^(stacks-interp-folded|stacks-interp-json)$'
plant_stacks_route_restart() {
	sed -i 's/^\tf = u == pm ? entry : e->rframe\[members\[u\]\];$/\tf = entry;/' src/calc-stacks.c
}

# tests/unit/check_keysort (test_like_qsort): items of equal keys kept in
# the order they came in, not by index, so the estimate's choices would
# follow the profile's order of functions.
plant keysort_no_index_tie '' tests/unit/check_keysort ':test_like_qsort:'
plant_keysort_no_index_tie() {
	sed -i 's/^\treturn x->index < y->index;$/\treturn false;/' src/keysort.c
}

# tests/unit/check_keysort (test_text): equal first bytes taken for equal
# names, the tie never asked.
plant keysort_tie_unasked '' tests/unit/check_keysort ':test_text:'
plant_keysort_tie_unasked() {
	sed -i 's/^\tif (t->cmp != NULL \&\& (c = t->cmp(x->index, y->index, t->arg)) != 0)$/\tif (0 \&\& (c = t->cmp(x->index, y->index, t->arg)) != 0)/' src/keysort.c
}

# tests/unit/check_keysort (test_text): a name's end padded with 0xff, so
# that "ab" sorts after "abc".
plant keysort_text_pad_high '' tests/unit/check_keysort ':test_text:'
plant_keysort_text_pad_high() {
	sed -i 's/^\t\tkey = key << 8 | (ended ? 0 : (unsigned char)s\[i\]);$/\t\tkey = key << 8 | (ended ? 0xff : (unsigned char)s[i]);/' src/keysort.c
}

# tests/unit/check_keysort (test_desc): -0 keyed apart from 0, so that
# columns of no cost would order by the sign of a zero.
plant keysort_signed_zero '' tests/unit/check_keysort ':test_desc:'
plant_keysort_signed_zero() {
	sed -i 's/^\tif (x == 0)$/\tif (0)/' src/keysort.c
}

# Caught by golden folded-focus and focus-qsort-folded: a frame below one
# that --focus matches is not shown unless it matches itself.
plant stacks_focus_not_inherited "GOLDEN_CASES='folded-focus focus-qsort-folded'" tests/golden/run.sh \
    '^(folded-focus|focus-qsort-folded)$'
plant_stacks_focus_not_inherited() {
	sed -i 's/^\t\t\t     (ef->parent != STACKS_ROOT \&\& e->frames\[ef->parent\].shown);$/\t\t\t     (0 \&\& e->frames[ef->parent].shown);/' src/calc-stacks.c
}

# tests/unit/check_keysort (test_items): the items are copied in the
# order they came in, not the keys'.
plant keysort_items_unmoved '' tests/unit/check_keysort ':test_items:'
plant_keysort_items_unmoved() {
	sed -i 's/^\t\tmemcpy(moved + i \* size, (unsigned char \*)items + k\[i\].index \* size, size);$/\t\tmemcpy(moved + i * size, (unsigned char *)items + i * size, size);/' src/keysort.c
}
