/* What the browser shows, taken from the model once: the rows of the
 * function table (functions and <cycle N>), their figures as JSON gives
 * them, the estimated stacks and the inclusive estimates (made on a thread
 * of their own while the first screen is shown), the stack tree the call
 * trees walk, and the instructions' data for the machine code (read again
 * on first use, on a thread). */
#ifndef CGA_TUI_DATA_H
#define CGA_TUI_DATA_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "calc-asm.h"
#include "calc-stacks.h"
#include "calc-table.h"
#include "model-profile.h"
#include "report-columns.h"
#include "tui.h"

/* Work done on a thread of its own while the browser runs. */
struct tui_job {
	pthread_t thread;
	bool started;
	atomic_int stage;          /* how far it got; the job's own numbers */
};

/* How a function's inclusive figure of one event is shown. */
enum tui_incl {
	INCL_EXACT,                /* one number, unmarked */
	INCL_BOUND,                /* a proven lower bound (≥), the estimate equal or unknown */
	INCL_BOTH,                 /* a bound (≥) and an estimate (≈) that differs */
	INCL_PENDING,              /* a bound, the estimate still being made */
};

/* The machine code of one function, disassembled once. */
struct tui_code {
	const struct func *func;   /* in the browsed profile */
	struct asm_view view;      /* of the profile read with instructions */
	const struct asm_func *af; /* its first object's code, or NULL */
	size_t naf;
	struct tui_code *next;
};

struct tui_data {
	struct profile *p;
	const struct options *opt;
	struct columns *cols;
	struct table table;        /* PROGRAM TOTALS (in a diff, the changes; base: OLD's) */
	const cost_t *total;       /* what shares are of: the table's base */
	struct func **rows;        /* functions, then <cycle N> rows */
	size_t nrows;
	cost_t *calls;             /* by row */
	bool marks;                /* bounds and estimates marked: not a diff, not focused */

	/* The stacks of the primary event and the estimates. */
	struct tui_job estimates;
	bool estimating;           /* that thread was started and not yet joined */
	const struct stacks *stacks;   /* once made */
	struct stacks own_stacks;
	bool estimates_failed;     /* a negative count somewhere: none made */
	const char *no_stacks;     /* why there are none, or NULL */
	cost_t *width;             /* by frame: what the stacks through it hold */
	size_t *kid_first, *kids;  /* frame f's children: kids[kid_first[f] .. kid_first[f + 1]) */
	size_t *roots;             /* frames without a parent */
	size_t nroots;
	size_t *frames_of;         /* by node (function index): its frames, as kids */
	size_t *frames_first;
	cost_t stacks_total;       /* the program's total of the primary event */

	/* The instructions. */
	const struct tui_source *src;
	struct profile *code;      /* the profile with instructions, once read */
	struct profile *code_read; /* what the reading thread made */
	bool code_mine;            /* read here: released here */
	struct tui_job reading;
	bool reading_code;         /* that thread was started and not yet joined */
	const char *no_code;       /* why there is no machine code, or NULL */
	struct tui_code *codes;
};

/* Take SRC's model: rows, figures, and the estimates' thread started. */
void data_init(struct tui_data *d, const struct tui_source *src);
void data_release(struct tui_data *d);

/* Start the estimates' thread: once the first screen is drawn, which it
 * would slow down. */
void data_start(struct tui_data *d);

/* Whether a thread is still at work (the screen is then drawn again when
 * it is done); true when something new arrived since last asked, in
 * *NEWS. */
bool data_busy(struct tui_data *d, bool *news);

/* Wait for the threads' work to be done. */
void data_wait(struct tui_data *d);

/* How F's inclusive figure of EVENT shows; *ESTIMATE gets the estimate
 * when there is one. */
enum tui_incl data_incl_kind(const struct tui_data *d, const struct func *f, size_t event,
			     cost_t *estimate);

/* Whether the stacks are there (made, or never to be: NO_STACKS says
 * why).  Call trees wait for them. */
bool data_stacks_ready(struct tui_data *d);

/* The machine code of F: NULL while the instructions are read (*WHY
 * NULL), or when there is none (*WHY says why).  Starts the reading on
 * first use. */
const struct tui_code *data_code(struct tui_data *d, const struct func *f, const char **why);
/* The function of the browsed profile that G, of the profile with
 * instructions, is, or NULL. */
const struct func *data_same_func(const struct tui_data *d, const struct func *g);

#endif
