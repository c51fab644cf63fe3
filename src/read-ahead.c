#include "read-ahead.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "read-number.h"
#include "xalloc.h"

/* Blocks read ahead of the reader at most, and their size (they end at
 * a line's end): this bounds the memory the thread adds. */
#define AHEAD_BLOCKS 4
#define AHEAD_BLOCK ((size_t)64 << 10)
/* Smaller files are read directly: the reader takes a few milliseconds
 * over them, about what starting a thread and handing blocks over costs. */
#define AHEAD_MIN_SIZE ((off_t)4 << 20)
#define NO_RUN SIZE_MAX
/* A wait for a block longer than this means the thread was held up; so
 * long in all, and the reader reads on alone (see ahead_next). */
#define AHEAD_STALL_NS 1000000u
#define AHEAD_STALLED_NS 3000000u

/* What the thread knows of the lines it has read. */
struct scan {
	bool events;               /* an events: line was read */
	size_t npos, nraw;         /* positions and events of the part, as its header has them */
	bool after_calls;          /* a calls= line was read; its cost line is still to come */
	size_t run;                /* the run being made (index in the block's runs), or NO_RUN */
};

struct ahead {
	struct input *in;
	struct scan scan;
	struct progress progress;  /* the input's, drawn by the reader's thread */
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct ahead_block *head, *tail;   /* read, for the reader */
	struct ahead_block *spare;         /* done with, for the thread to reuse:
					      fresh memory costs a page fault a page */
	size_t nblocks;            /* read and not done with */
	bool waiting;              /* the reader waits for a block */
	bool always_sum;           /* sum every block, even for a reader that waits */
	size_t limit;              /* stop after so many blocks; 0: no limit */
	bool give_up;              /* read no more: the thread was held up, or its
				      sums are of no use to the reader */
	uint64_t started;          /* when reading began (ns) */
	uint64_t stalled;          /* the reader's long waits in all (ns) */
	bool end;                  /* the thread is done: at the end or stopped */
	bool stop;                 /* the reader wants no more */
};

/* --- the thread: lines into runs and items ------------------------------ */

static bool is_cost_start(char c)
{
	return (unsigned char)(c - '0') < 10 || c == '+' || c == '-' || c == '*';
}

static bool starts_with(const char *p, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - p) >= n && memcmp(p, prefix, n) == 0;
}

/* The number of blank-separated words in [P, END). */
static size_t count_words(const char *p, const char *end)
{
	size_t n = 0;

	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p == end)
			break;
		n++;
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
	}
	return n;
}

/* A line the reader reads one by one, [P, END) without its newline: what
 * it says of the lines after it. */
static void note_line(struct scan *sc, const char *p, const char *end)
{
	static const char *const part_starts[] = {
		"version:", "creator:", "pid:", "thread:", "part:", "cmd:", "desc:",
	};

	if (starts_with(p, end, "calls=")) {
		sc->after_calls = true;
	} else if (is_cost_start(*p)) {
		sc->after_calls = false;   /* the call's cost line, or one the thread could not read */
	} else if (starts_with(p, end, "events:")) {
		sc->events = true;
		sc->nraw = count_words(p + 7, end);
	} else if (starts_with(p, end, "positions:")) {
		sc->npos = count_words(p + 10, end);
	} else {
		/* A new part has the default positions unless it gives some. */
		for (size_t i = 0; i < sizeof(part_starts) / sizeof(*part_starts); i++)
			if (starts_with(p, end, part_starts[i]))
				sc->npos = 1;
	}
}

enum move { MOVE_SAME, MOVE_UP, MOVE_DOWN, MOVE_TO };

/* A decimal number of 1 to 16 digits at P, ending at a blank or the
 * newline; NULL if there is none. */
static inline __attribute__((always_inline)) const char *decimal(const char *p, uint64_t *v)
{
	/* Most counts and moves are of one digit. */
	if ((unsigned char)(*p - '0') < 10 && (p[1] == ' ' || p[1] == '\n')) {
		*v = (uint64_t)(*p - '0');
		return p + 1;
	}
	p = number_scan(p, v);
	return p != NULL && (*p == ' ' || *p == '\n') ? p : NULL;
}

/* One position column at P: how it moves the position, and by or to what. */
static inline __attribute__((always_inline)) const char *
position(const char *p, enum move *m, uint64_t *v)
{
	switch (*p) {
	case '*':
		*m = MOVE_SAME;
		return p[1] == ' ' || p[1] == '\n' ? p + 1 : NULL;
	case '+':
		*m = MOVE_UP;
		return decimal(p + 1, v);
	case '-':
		*m = MOVE_DOWN;
		return decimal(p + 1, v);
	default:
		*m = MOVE_TO;
		if (p[0] == '0' && (p[1] | 0x20) == 'x') {
			p = number_scan_hex(p + 2, v);
			return p != NULL && (*p == ' ' || *p == '\n') ? p : NULL;
		}
		return decimal(p, v);
	}
}

/* Whether the move M by V of column C (of run R, if any) stays in the
 * range of positions where R knows the column's value, and in that of
 * its moves (int64) where it does not: a move beyond is read line by line. */
static bool move_fits(const struct ahead_run *r, size_t c, enum move m, uint64_t v)
{
	uint64_t out;
	int64_t delta;

	if (m == MOVE_SAME || m == MOVE_TO)
		return true;
	if (v > INT64_MAX)
		return false;
	if (r != NULL && r->pos[c].absolute)
		return m == MOVE_UP ? !__builtin_add_overflow(r->pos[c].value, v, &out)
				    : !__builtin_sub_overflow(r->pos[c].value, v, &out);
	delta = r != NULL ? r->pos[c].delta : 0;
	return m == MOVE_UP ? !__builtin_add_overflow(delta, (int64_t)v, &delta)
			    : !__builtin_sub_overflow(delta, (int64_t)v, &delta);
}

static inline void move(struct ahead_pos *pos, enum move m, uint64_t v)
{
	if (m == MOVE_SAME)
		return;
	if (m == MOVE_TO) {
		pos->absolute = true;
		pos->value = v;
	} else if (pos->absolute) {
		pos->value = m == MOVE_UP ? pos->value + v : pos->value - v;
	} else {
		pos->delta += m == MOVE_UP ? (int64_t)v : -(int64_t)v;
		pos->low = pos->delta < pos->low ? pos->delta : pos->low;
		pos->high = pos->delta > pos->high ? pos->delta : pos->high;
	}
}

static struct ahead_item *new_item(struct ahead_block *b, const char *p, size_t run)
{
	struct ahead_item *it;

	xgrow(&b->items, &b->items_cap, b->nitems + 1, sizeof(*b->items));
	it = &b->items[b->nitems++];
	it->start = it->end = p;
	it->run = NULL;
	it->index = run;
	return it;
}

/* A run that starts with the line at P. */
static struct ahead_run *new_run(struct scan *sc, struct ahead_block *b, const char *p)
{
	struct ahead_run *r;

	xgrow(&b->runs, &b->runs_cap, b->nruns + 1, sizeof(*b->runs));
	r = &b->runs[b->nruns];
	memset(r, 0, sizeof(*r));
	r->npos = sc->npos;
	r->nraw = sc->nraw;
	r->sums = b->nsums;
	xgrow(&b->sums, &b->sums_cap, b->nsums + sc->nraw + 1, sizeof(*b->sums));
	memset(b->sums + b->nsums, 0, sc->nraw * sizeof(*b->sums));
	b->nsums += sc->nraw;
	new_item(b, p, b->nruns);
	sc->run = b->nruns++;
	return r;
}

/* The run lines at P go to: the current one, or a new one. */
static inline struct ahead_run *run_for(struct scan *sc, struct ahead_block *b, const char *p)
{
	return sc->run == NO_RUN ? new_run(sc, b, p) : &b->runs[sc->run];
}

/* A cost line at P as the reader's fast path reads it (positions, then up
 * to nraw counts, single blanks, nothing else) added to the current run or
 * a new one; returns what follows it, or NULL if it is not such a line. */
static inline __attribute__((always_inline)) const char *
scan_cost_n(struct scan *sc, struct ahead_block *b, const char *line, size_t npos)
{
	enum move m[AHEAD_POS_MAX];
	uint64_t v[AHEAD_POS_MAX] = { 0 }, u[AHEAD_EVENTS_MAX], *sums;
	struct ahead_run *r = sc->run == NO_RUN ? NULL : &b->runs[sc->run];
	const char *p = line;
	size_t n = 0;

	for (size_t c = 0; c < npos; c++) {
		if (c > 0 && *p++ != ' ')
			return NULL;
		p = position(p, &m[c], &v[c]);
		if (p == NULL || !move_fits(r, c, m[c], v[c]))
			return NULL;
	}
	while (*p == ' ') {
		if (p[1] == '\n') {
			p++;   /* a blank at the end, as valgrind writes after jumps */
			break;
		}
		if (n == sc->nraw || (p = decimal(p + 1, &u[n])) == NULL)
			return NULL;
		n++;
	}
	if (*p != '\n')
		return NULL;
	/* Sums past 64 bits: a new run rather. */
	for (size_t i = 0; r != NULL && i < n; i++) {
		uint64_t sum;

		if (__builtin_add_overflow(b->sums[r->sums + i], u[i], &sum))
			sc->run = NO_RUN;
	}
	r = run_for(sc, b, line);
	for (size_t c = 0; c < npos; c++)
		move(&r->pos[c], m[c], v[c]);
	sums = b->sums + r->sums;
	for (size_t i = 0; i < n; i++)
		sums[i] += u[i];
	r->maxn = n > r->maxn ? n : r->maxn;
	r->ncost++;
	r->nlines++;
	b->items[b->nitems - 1].end = p + 1;
	return p + 1;
}

/* scan_cost_n inlined for the usual numbers of positions, which unrolls
 * its loops over them. */
static const char *scan_cost(struct scan *sc, struct ahead_block *b, const char *line)
{
	switch (sc->npos) {
	case 1:
		return scan_cost_n(sc, b, line, 1);
	case 2:
		return scan_cost_n(sc, b, line, 2);
	default:
		return scan_cost_n(sc, b, line, sc->npos);
	}
}

/* A jump=/jcnd= line at P, which only the machine-code view reads: the
 * reader passes over it, so it may be part of a run.  Not if it has a NUL
 * byte, which the reader refuses in a line of names. */
static const char *scan_jump(struct scan *sc, struct ahead_block *b, const char *p,
			     const char *end)
{
	const char *nl;

	/* The line has its newline before END, so 5 bytes are there. */
	if (p[0] != 'j' || p[4] != '=' || (memcmp(p, "jump", 4) != 0 && memcmp(p, "jcnd", 4) != 0))
		return NULL;
	nl = memchr(p, '\n', (size_t)(end - p));
	if (memchr(p, '\0', (size_t)(nl - p)) != NULL)
		return NULL;
	run_for(sc, b, p)->nlines++;
	b->items[b->nitems - 1].end = nl + 1;
	return nl + 1;
}

/* Split the LEN bytes of whole lines of B into runs and the lines between. */
static void scan_block(struct scan *sc, struct ahead_block *b, size_t len)
{
	const char *p = b->data, *end = b->data + len;

	sc->run = NO_RUN;
	while (p < end) {
		const char *next = NULL, *nl;
		bool runs = sc->events && !sc->after_calls && sc->npos <= AHEAD_POS_MAX &&
			    sc->nraw <= AHEAD_EVENTS_MAX;

		if (runs)
			next = is_cost_start(*p) ? scan_cost(sc, b, p) : scan_jump(sc, b, p, end);
		if (next != NULL) {
			p = next;
			continue;
		}
		nl = memchr(p, '\n', (size_t)(end - p));
		note_line(sc, p, nl);
		if (sc->run != NO_RUN || b->nitems == 0)
			new_item(b, p, NO_RUN);
		sc->run = NO_RUN;
		p = nl + 1;
		b->items[b->nitems - 1].end = p;
	}
	for (size_t i = 0; i < b->nitems; i++)
		if (b->items[i].index != NO_RUN)
			b->items[i].run = &b->runs[b->items[i].index];
}

/* The LEN bytes of B as lines to read one by one, only noted: for a
 * reader that would wait for them otherwise. */
static void pass_block(struct scan *sc, struct ahead_block *b, size_t len)
{
	const char *p = b->data, *end = b->data + len;

	new_item(b, p, NO_RUN)->end = end;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		note_line(sc, p, nl);
		p = nl + 1;
	}
}

/* --- handing blocks over -------------------------------------------------- */

static void block_free(struct ahead_block *b)
{
	free(b->data);
	free(b->items);
	free(b->runs);
	free(b->sums);
	free(b);
}

/* Wait for room, and give B to the reader; false if it wants no more. */
static bool hand_over(struct ahead *a, struct ahead_block *b)
{
	bool stop;

	pthread_mutex_lock(&a->lock);
	while (a->nblocks >= AHEAD_BLOCKS && !a->stop)
		pthread_cond_wait(&a->cond, &a->lock);
	stop = a->stop;
	if (!stop) {
		if (a->tail != NULL)
			a->tail->next = b;
		else
			a->head = b;
		a->tail = b;
		a->nblocks++;
		pthread_cond_broadcast(&a->cond);
	}
	pthread_mutex_unlock(&a->lock);
	if (stop)
		block_free(b);
	return !stop;
}

/* A block to fill with LEN bytes: a spare one if there is one. */
static struct ahead_block *get_block(struct ahead *a, size_t len)
{
	struct ahead_block *b;

	pthread_mutex_lock(&a->lock);
	b = a->spare;
	if (b != NULL)
		a->spare = b->next;
	pthread_mutex_unlock(&a->lock);
	if (b == NULL)
		b = xcalloc(1, sizeof(*b));
	b->next = NULL;
	b->nitems = b->nruns = b->nsums = 0;
	xgrow(&b->data, &b->data_cap, len + INPUT_SLACK, 1);
	return b;
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static bool given_up(struct ahead *a)
{
	bool g;

	pthread_mutex_lock(&a->lock);
	g = a->give_up;
	pthread_mutex_unlock(&a->lock);
	return g;
}

/* Lines [START, END) as a block for the reader: summed, or as they are
 * for a reader that waits (it reads them faster than it would wait for
 * their sums when this thread is slow, and the two keep pace otherwise).
 * Returns false if the reader wants no more. */
static bool make_block(struct ahead *a, const char *start, const char *end)
{
	size_t len = (size_t)(end - start);
	struct ahead_block *b = get_block(a, len);
	bool waiting;

	memcpy(b->data, start, len);
	memset(b->data + len, 0, INPUT_SLACK);
	b->raw_read = a->in->raw_read;
	pthread_mutex_lock(&a->lock);
	waiting = a->waiting && !a->always_sum;
	pthread_mutex_unlock(&a->lock);
	if (waiting)
		pass_block(&a->scan, b, len);
	else
		scan_block(&a->scan, b, len);
	return hand_over(a, b);
}

static void *read_ahead(void *arg)
{
	struct ahead *a = arg;
	const char *start, *end;
	bool more = true;

	/* What a read gives is handed over in blocks of about AHEAD_BLOCK
	 * bytes: memory stays low, and so do the reader's waits. */
	for (size_t reads = 0; more && (reads != a->limit || a->limit == 0); reads++) {
		if (given_up(a) || !input_lines(a->in, &start, &end))
			break;
		while (more && start < end) {
			const char *cut = end;

			if ((size_t)(end - start) > AHEAD_BLOCK)
				cut = (const char *)memrchr(start, '\n', AHEAD_BLOCK);
			cut = cut != NULL && cut != end ? cut + 1 : end;
			more = make_block(a, start, cut);
			start = cut;
		}
	}
	pthread_mutex_lock(&a->lock);
	a->end = true;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

/* --- the reader's side ------------------------------------------------------ */

static bool several_cpus(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 1;
}

/* CGANNOTATE_READ_AHEAD=no reads on one thread always; =yes on two
 * whenever it can, whatever the size and the CPUs, and the thread sums
 * every block (*ALWAYS): to test it on small inputs, whose one block
 * would otherwise go to a reader that waits for it; =N as yes, but the
 * thread stops after N reads of the input (*LIMIT), as it does when held up. */
static bool wanted(const struct input *in, bool *always, size_t *limit)
{
	const char *e = getenv("CGANNOTATE_READ_AHEAD");
	char *end;
	unsigned long n = e != NULL ? strtoul(e, &end, 10) : 0;

	*limit = e != NULL && *e >= '0' && *e <= '9' && *end == '\0' ? (size_t)n : 0;
	*always = e != NULL && (strcmp(e, "yes") == 0 || *limit > 0);
	if (in->gz != NULL || (e != NULL && strcmp(e, "no") == 0))
		return false;
	return *always || (in->size >= AHEAD_MIN_SIZE && several_cpus());
}

struct ahead *ahead_start(struct input *in)
{
	struct ahead *a;
	bool always;
	size_t limit;

	if (!wanted(in, &always, &limit))
		return NULL;
	a = xcalloc(1, sizeof(*a));
	a->always_sum = always;
	a->limit = limit;
	a->started = now_ns();
	a->in = in;
	a->scan.npos = 1;
	a->scan.run = NO_RUN;
	/* Messages come from the reader's thread only. */
	a->progress = in->progress;
	progress_init(&in->progress, NULL, in->path, 0);
	in->defer_errors = true;
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->cond, NULL);
	if (pthread_create(&a->thread, NULL, read_ahead, a) != 0) {
		in->progress = a->progress;
		in->defer_errors = false;
		pthread_mutex_destroy(&a->lock);
		pthread_cond_destroy(&a->cond);
		free(a);
		return NULL;
	}
	return a;
}

struct ahead_block *ahead_next(struct ahead *a)
{
	struct ahead_block *b;

	pthread_mutex_lock(&a->lock);
	if (a->head == NULL && !a->end) {
		uint64_t start = now_ns();

		a->waiting = true;
		while (a->head == NULL && !a->end)
			pthread_cond_wait(&a->cond, &a->lock);
		a->waiting = false;
		/* Summing a block takes well under a millisecond: longer
		 * waits are the thread's CPU going to another program, or
		 * now and then on a virtual machine to another machine.  If
		 * they add up to a fifth of the time (another program busy
		 * on that CPU), the thread stops at its next block and the
		 * reader reads the rest itself. */
		uint64_t t = now_ns(), waited = t - start;

		if (waited > AHEAD_STALL_NS)
			a->stalled += waited;
		if (a->stalled > AHEAD_STALLED_NS && a->stalled > (t - a->started) / 5 &&
		    !a->always_sum)
			a->give_up = true;
	}
	b = a->head;
	if (b != NULL) {
		a->head = b->next;
		if (a->head == NULL)
			a->tail = NULL;
	}
	pthread_mutex_unlock(&a->lock);
	if (b != NULL) {
		progress_update(&a->progress, b->raw_read);
		return b;
	}
	/* The thread is done, and so is the input, unless it failed. */
	if (a->in->error != NULL)
		die(EXIT_INPUT, "%s", a->in->error);
	return NULL;
}

void ahead_stop(struct ahead *a)
{
	pthread_mutex_lock(&a->lock);
	a->give_up = !a->always_sum;
	pthread_mutex_unlock(&a->lock);
}

void ahead_done(struct ahead *a, struct ahead_block *b)
{
	pthread_mutex_lock(&a->lock);
	b->next = a->spare;
	a->spare = b;
	a->nblocks--;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
}

void ahead_finish(struct ahead *a)
{
	pthread_mutex_lock(&a->lock);
	a->stop = true;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	for (struct ahead_block *b = a->head, *next; b != NULL; b = next) {
		next = b->next;
		block_free(b);
	}
	for (struct ahead_block *b = a->spare, *next; b != NULL; b = next) {
		next = b->next;
		block_free(b);
	}
	a->in->progress = a->progress;
	a->in->defer_errors = false;
	pthread_mutex_destroy(&a->lock);
	pthread_cond_destroy(&a->cond);
	free(a);
}
