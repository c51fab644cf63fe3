# Planted bugs for the checks of the terminal browser (tests/tui.sh): each
# plant_NAME breaks the source tree it runs in (the top of a copy of it) so
# that the check its comment names fails; the mutation script builds the
# copy and runs tests/tui.sh after each (TUI_CHECKS: the session of that
# check only).
# Each is declared by the line "plant NAME ENV TEST PATTERN" above it: the
# test and the check that must catch it (see tests/mutants.sh).

# "demo: every row of the first screen is JSON's": the self cost under the
# inclusive heading.
plant tui_row_incl "TUI_CHECKS='^demo: every row'" tests/tui.sh \
    "^demo: every row of the first screen is JSON's"
plant_tui_row_incl() {
    sed -i 's/x = draw_count(y, x, (int)s->w_incl\[e\], c, s->w_incl, e, f->total\[e\], look);/x = draw_count(y, x, (int)s->w_incl[e], c, s->w_incl, e, f->self != NULL ? f->self[e] : COST_ABSENT, look);/' src/tui-view-funcs.c
}

# "a cycle of calls: every row of the first screen is JSON's": no mark
# before a bound.
plant tui_no_bound_mark "TUI_CHECKS='^a cycle of calls: every row'" tests/tui.sh \
    "^a cycle of calls: every row of the first screen is JSON's"
plant_tui_no_bound_mark() {
    sed -i 's/if (kind == INCL_EXACT)$/if (kind != INCL_BOTH)/' src/tui-draw.c
}

# "a cycle of calls: every row of the first screen is JSON's": the share
# beside a bound is the bound's, not the estimate's.
plant tui_estimate_share "TUI_CHECKS='^a cycle of calls: every row'" tests/tui.sh \
    "^a cycle of calls: every row of the first screen is JSON's"
plant_tui_estimate_share() {
    sed -i 's/draw_share_text(buf + len, estimate, total);/draw_share_text(buf + len, estimate \/ 2, total);/' src/tui-draw.c
}

# "demo: every row of the first screen is JSON's": the estimates are never
# taken from their thread (the bottom line says estimating... for ever).
plant tui_estimates_never_taken "TUI_CHECKS='^demo: every row'" tests/tui.sh \
    "^demo: every row of the first screen is JSON's"
plant_tui_estimates_never_taken() {
    sed -i 's/^	if (!d->estimating)$/	if (d->estimating)/' src/tui-data.c
}

# "its callers and callees: counts and costs as JSON's, calls inside the
# cycle by their count only": a call inside the cycle shows its cost.
plant tui_recursive_call_cost "TUI_CHECKS='^its callers and callees'" tests/tui.sh \
    "^its callers and callees: counts and costs as JSON's"
plant_tui_recursive_call_cost() {
    sed -i 's/^	if (s->f->whole != NULL)$/	if (s->f->whole == NULL)/' src/tui-view-func.c
}

# "a cycle's page: its members by estimated cost, bound and estimate as
# JSON's": members by their bound.
plant tui_members_by_bound "TUI_CHECKS='^a cycle.s page'" tests/tui.sh \
    "^a cycle's page: its members by estimated cost"
plant_tui_members_by_bound() {
    sed -i 's/if (data_incl_kind(d, m, event, &estimate) == INCL_BOTH)/if (data_incl_kind(d, m, event, \&estimate) == INCL_EXACT)/' src/tui-view-func.c
}

# "its calls entering, as JSON's calls from outside it": the calls
# leaving listed as entering.
plant tui_cycle_calls_side "TUI_CHECKS='^its calls entering'" tests/tui.sh \
    "^its calls entering, as JSON's calls from outside it"
plant_tui_cycle_calls_side() {
    sed -i 's/k->rows = report_call_rows(d->p, s->f, side, &k->n, &k->costs);/k->rows = report_call_rows(d->p, s->f, !side, \&k->n, \&k->costs);/' src/tui-view-func.c
}

# "the call tree's shares are the folded stacks'": a frame's width without
# what the frames above it hold.
plant tui_tree_width "TUI_CHECKS='^the call tree.s shares'" tests/tui.sh \
    "^the call tree's shares are the folded stacks'"
plant_tui_tree_width() {
    sed -i 's/d->width\[s->frames\[f\].parent\] += d->width\[f\];/d->width[s->frames[f].parent] += 0;/' src/tui-data.c
}

# "a callers tree starts at the function with its estimated share": the
# function's frames counted once only.
plant tui_callers_root "TUI_CHECKS='^a callers tree'" tests/tui.sh \
    '^a callers tree starts at the function with its estimated share'
plant_tui_callers_root() {
    sed -i 's/steps\[i\] = (struct step){ frame, d->width\[frame\], 0 };/steps[i] = (struct step){ frame, i == 0 ? d->width[frame] : 0, 0 };/' \
        src/tui-view-tree.c
}

# "the source opens at the function's hottest line": at its coldest.
plant tui_source_coldest "TUI_CHECKS='^the source opens'" tests/tui.sh \
    "^the source opens at the function's hottest line"
plant_tui_source_coldest() {
    sed -i 's/return key\[x\] > key\[y\] ? -1 : 1;/return key[x] > key[y] ? 1 : -1;/' src/tui-list.c
}

# "a => line has the call's cost and count from JSON": a count too many.
plant tui_line_call_count "TUI_CHECKS='^a => line'" tests/tui.sh \
    "^a => line has the call's cost and count from JSON"
plant_tui_line_call_count() {
    sed -i 's/len = columns_format_count(c, n, r->count);/len = columns_format_count(c, n, r->count + 1);/' src/tui-draw.c
}

# "H goes to the next hot line": to the previous one.
plant tui_hot_next "TUI_CHECKS='^H goes'" tests/tui.sh '^H goes to the next hot line'
plant_tui_hot_next() {
    sed -i 's/list_cycle(&v->list, s->hot, s->nhot, &s->hot_at, a == ACT_HOT_NEXT);/list_cycle(\&v->list, s->hot, s->nhot, \&s->hot_at, a != ACT_HOT_NEXT);/' src/tui-view-source.c
}

# "Enter on a => line opens the callee; the back stack returns through
# every view": back pops two views.
plant tui_back_twice "TUI_CHECKS='^Enter on a => line'" tests/tui.sh \
    '^Enter on a => line opens the callee; the back stack returns through every view'
plant_tui_back_twice() {
    sed -i 's/^		view_free(ui->stack\[--ui->depth\]);$/		view_free(ui->stack[--ui->depth]), ui->depth > 1 ? view_free(ui->stack[--ui->depth]) : (void)0;/' src/tui.c
}

# "the machine code: every instruction's costs are JSON's": the first
# event's count in every column.
plant tui_asm_costs "TUI_CHECKS='^the machine code'" tests/tui.sh \
    "^the machine code: every instruction's costs are JSON's"
plant_tui_asm_costs() {
    sed -i 's/^		x = draw_columns_cells(&s->cols, y, x, c, look);$/		x = draw_columns_cells(\&s->cols, y, x, c != NULL ? (cost_t[]){ c[0], c[0] } : NULL, look);/' src/tui-view-asm.c
}

# "Enter on a call in the machine code opens the callee": the callee never
# found in the browsed profile.
plant tui_asm_callee "TUI_CHECKS='^Enter on a call in the machine code'" tests/tui.sh \
    '^Enter on a call in the machine code opens the callee'
plant_tui_asm_callee() {
    sed -i 's/^	if (p == NULL || g->whole != NULL)$/	if (p != NULL || g->whole == NULL)\n		return NULL;\n	if (p == NULL)/' src/tui-data.c
}

# "s sorts by inclusive cost, calls, name and self cost in turn, Tab by the
# next event": calls sorted the other way (the key a row sorts by first, and
# the order of rows of as many calls).
plant tui_sort_calls "TUI_CHECKS='^s sorts'" tests/tui.sh \
    '^s sorts by inclusive cost, calls, name and self cost in turn'
plant_tui_sort_calls() {
    sed -i -e 's/^\t\treturn d->calls\[r\];$/\t\treturn -d->calls[r];/' \
        -e 's/c = (d->calls\[x\] < d->calls\[y\]) - (d->calls\[x\] > d->calls\[y\]);/c = (d->calls[x] > d->calls[y]) - (d->calls[x] < d->calls[y]);/' \
        src/tui-view-funcs.c
}

# "s sorts by inclusive cost, calls, name and self cost in turn, Tab by the
# next event": Tab keeps the event.
plant tui_sort_event "TUI_CHECKS='^s sorts'" tests/tui.sh \
    '^s sorts by inclusive cost, calls, name and self cost in turn'
plant_tui_sort_event() {
    sed -i 's/return c->show\[(k + 1) % c->nshow\];/return c->show[k];/' src/tui-view-funcs.c
}

# "/ keeps the functions that match, ignoring case": the filter keeps
# every function.
plant tui_filter_all "TUI_CHECKS='^/ keeps'" tests/tui.sh \
    '^/ keeps the functions that match, ignoring case'
plant_tui_filter_all() {
    sed -i 's/if (s->filtered && regexec(&s->filter, d->rows\[r\]->fullname, 0, NULL, 0) != 0)/if (s->filtered \&\& regexec(\&s->filter, d->rows[r]->fullname, 0, NULL, 0) == REG_ESPACE)/' src/tui-view-funcs.c
}

# "the mouse wheel scrolls, a click selects, a second click opens": the
# wheel does nothing.
plant tui_wheel "TUI_CHECKS='^the mouse wheel'" tests/tui.sh \
    '^the mouse wheel scrolls, a click selects, a second click opens'
plant_tui_wheel() {
    sed -i 's/list_scroll(&v->list, wheel \* WHEEL_ROWS);/list_scroll(\&v->list, 0);/' src/tui.c
}

# "resized to 80x24, 120x35 and back": the screen's size taken once.
plant tui_resize "TUI_CHECKS='^resized'" tests/tui.sh '^resized to 80x24, 120x35 and back'
plant_tui_resize() {
    sed -i 's/^	int h = term_height(), w = term_width(), y0 = list_y0(v);$/	static int h0, w0;\n	int h = h0 ? h0 : (h0 = term_height()), w = w0 ? w0 : (w0 = term_width()), y0 = list_y0(v);/' src/tui.c
}

# "control bytes, escape sequences, separators and bytes that are no UTF-8
# are shown as U+FFFD": control bytes drawn as they are.
plant tui_raw_controls "TUI_CHECKS='^control bytes'" tests/tui.sh \
    '^control bytes, escape sequences, separators and bytes that are no UTF-8 are shown as U\+FFFD'
plant_tui_raw_controls() {
    sed -i 's/^	if (s\[0\] >= 0x20 && s\[0\] < 0x7f) {$/	if (s[0] < 0x7f) {/' src/tui-term.c
}

# "after the list, a page, a callers tree and the call tree of such names:
# the title and colours as they were (NO_COLOR)": NO_COLOR not read.
plant tui_no_color "TUI_CHECKS='^after the list'" tests/tui.sh \
    '^after the list, a page, a callers tree and the call tree of such names: the title and colours as they were \(NO_COLOR\)'
plant_tui_no_color() {
    sed -i 's/const char \*no = getenv("NO_COLOR");/const char *no = NULL;/' src/tui-term.c
}

# "without NO_COLOR the browser has colours": never any colour.
plant tui_never_colour "TUI_CHECKS='^without NO_COLOR'" tests/tui.sh \
    '^without NO_COLOR the browser has colours'
plant_tui_never_colour() {
    sed -i 's/term.colour = (no == NULL || \*no == .\\0.) && has_colors();/term.colour = false;/' src/tui-term.c
}

# "? lists the keys of each view, and the man page has each": a key the
# man page does not list.
plant tui_help_key "TUI_CHECKS='^\\? lists'" tests/tui.sh \
    '^\? lists the keys of each view, and the man page has each'
plant_tui_help_key() {
    sed -i 's/{ KEY_NPAGE, true, "PgDn",/{ KEY_NPAGE, true, "PageDown",/' src/tui-keys.c
}

# "q, q: status 0, the terminal as it was": the screen not given back.
plant tui_no_endwin "TUI_CHECKS='^q, q:'" tests/tui.sh '^q, q: status 0, the terminal as it was'
plant_tui_no_endwin() {
    sed -i 's/^	endwin();$/	(void)0;/' src/tui-term.c
}

# "Ctrl-C: status -2, the terminal as it was" (and SIGTERM, SIGSEGV): the
# signal handler does not give the terminal back.
plant tui_signal_no_restore "TUI_CHECKS='^Ctrl-C:'" tests/tui.sh \
    '^(Ctrl-C|SIGTERM|SIGSEGV): status -[0-9]+, the terminal as it was'
plant_tui_signal_no_restore() {
    sed -i '/^static void on_fatal_signal(int sig)$/,/^}$/s/^	give_back_raw();$/	(void)0;/' src/tui-term.c
}

# "standard output not a terminal: one line, status 1": no such check.
plant tui_no_tty_check "TUI_CHECKS='^standard output not a terminal'" tests/tui.sh \
    '^standard output not a terminal: one line, status 1'
plant_tui_no_tty_check() {
    sed -i 's/^	if (!isatty(STDOUT_FILENO))$/	if (0)/' src/tui-term.c
}

# "TERM=dumb: one line, status 1": dumb taken for a terminal.
plant tui_dumb "TUI_CHECKS='^TERM=dumb'" tests/tui.sh '^TERM=dumb: one line, status 1'
plant_tui_dumb() {
    sed -i 's/|| strcmp(type, "dumb") == 0)/|| strcmp(type, "dumber") == 0)/' src/tui-term.c
}

# "a profile with negative costs: the call tree says no stack can hold
# them": stacks estimated for a profile with negative costs, which they
# cannot hold, shown as if they were the program's.
plant tui_negative_estimates "TUI_CHECKS='^a profile with negative costs'" tests/tui.sh \
    '^a profile with negative costs: the call tree says no stack can hold them'
plant_tui_negative_estimates() {
    sed -i '/^\tif (negative && opt->mode != MODE_DIFF)$/,/;$/s/ NEED_LATER_ESTIMATES);$/ 0);/' src/pipeline-kinds.c
}
