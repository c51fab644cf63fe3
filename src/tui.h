/* The terminal browser (-i, --interactive): one more report over the
 * model, full screen, with views a user walks between (the function list,
 * a function's page, the call tree and a function's callers tree, source,
 * machine code, a cycle of calls), every figure the one JSON gives for
 * the same options, written as the text report writes it.
 *
 * The family: tui.c the views' stack and the loop, tui-term.c the
 * terminal, tui-list.c the list every view is, tui-keys.c the keys,
 * tui-data.c the figures taken from the model, tui-view-*.c the views. */
#ifndef CGA_TUI_H
#define CGA_TUI_H

#include <stdbool.h>

#include "calc-stacks.h"
#include "model-profile.h"
#include "options.h"
#include "report-columns.h"

struct tui_source {
	struct profile *p;         /* read, its cycles marked, a diff's or focus's figures fixed */
	const struct options *opt;
	struct columns *cols;
	const struct stacks *stacks;   /* the stacks --focus was taken from, or NULL */
	bool estimate;             /* make the stacks and the inclusive estimates */
	struct profile *code;      /* P, when it kept its instructions (--asm); else NULL */
	/* P read again with its instructions' data, for the machine code: a
	 * new profile, or NULL when that cannot be done.  Called on a thread
	 * of the browser's. */
	struct profile *(*read_code)(void *arg);
	void *arg;
};

/* Die with EXIT_USAGE, in one line, unless the browser can run: standard
 * output a terminal, TERM known and not "dumb", a keyboard (/dev/tty). */
void tui_ready(const struct options *opt);

/* Browse SRC until the user quits; the terminal is given back as it was
 * on every way out.  SRC->p must not change meanwhile (the stacks are made
 * from it on another thread). */
void tui_browse(const struct tui_source *src);

#endif
