#include "read-ahead.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpus.h"
#include "diag.h"
#include "read-number.h"
#include "xalloc.h"

/* Blocks read ahead of the reader at most, and their size (they end at
 * a line's end): this bounds the memory the thread adds. */
#define AHEAD_BLOCKS 3
#define AHEAD_BLOCK ((size_t)64 << 10)
/* Smaller files are read directly: the reader takes a few milliseconds
 * over them, and the thread gains nothing below about half a megabyte. */
#define AHEAD_MIN_SIZE ((off_t)1 << 20)
#define NO_RUN SIZE_MAX
/* A wait for a block longer than this means the thread was held up; so
 * long in all, and the reader reads on alone (see ahead_next). */
#define AHEAD_STALL_NS 1000000u
#define AHEAD_STALLED_NS 3000000u
/* The reader's spin for a block before it sleeps (see ahead_next). */
#define AHEAD_SPIN_NS 100000u

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
	_Atomic size_t nblocks;    /* read and not done with */
	_Atomic bool hungry;       /* the reader waits, and no block is ready */
	bool always_sum;           /* sum every block, even for a reader that waits */
	bool split;                /* leave the rest of each block from a line
				      that varies to the reader, whether it waits or not */
	size_t blocks;             /* made so far */
	size_t limit;              /* stop after so many blocks; 0: no limit */
	bool give_up;              /* read no more: the thread was held up, or its
				      sums are of no use to the reader */
	uint64_t started;          /* when reading began (ns) */
	bool placed;               /* the two threads are kept to their CPUs */
	cpu_set_t cpus;            /* the reader's CPUs before, for ahead_finish */
	cpu_set_t thread_cpus;     /* the thread's */
	uint64_t stalled;          /* the reader's long waits in all (ns) */
	_Atomic bool end;          /* the thread is done: at the end or stopped */
	_Atomic bool stop;         /* the reader wants no more */
};

/* --- the thread: lines into runs and items ------------------------------ */

static bool is_cost_start(char c)
{
	return (unsigned char)(c - '0') < 10 || c == '+' || c == '-' || c == '*';
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

/* Whether [P, END) starts with the string literal S. */
#define STARTS(p, end, s) ((size_t)((end) - (p)) >= sizeof(s) - 1 && memcmp(p, s, sizeof(s) - 1) == 0)

/* A line the reader reads one by one, [P, END) without its newline: what
 * it says of the lines after it.  Most such lines are names and calls:
 * the first byte rules out all but one or two keywords. */
static void note_line(struct scan *sc, const char *p, const char *end)
{
	bool part = false;

	if (is_cost_start(*p)) {
		sc->after_calls = false;   /* the call's cost line, or one the thread could not read */
		return;
	}
	switch (*p) {
	case 'c':
		if (STARTS(p, end, "calls="))
			sc->after_calls = true;
		else
			part = STARTS(p, end, "creator:") || STARTS(p, end, "cmd:");
		break;
	case 'e':
		if (STARTS(p, end, "events:")) {
			sc->events = true;
			sc->nraw = count_words(p + 7, end);
		}
		break;
	case 'p':
		if (STARTS(p, end, "positions:"))
			sc->npos = count_words(p + 10, end);
		else
			part = STARTS(p, end, "pid:") || STARTS(p, end, "part:");
		break;
	case 'v':
		part = STARTS(p, end, "version:");
		break;
	case 't':
		part = STARTS(p, end, "thread:");
		break;
	case 'd':
		part = STARTS(p, end, "desc:");
		break;
	}
	/* A new part has the default positions unless it gives some. */
	if (part)
		sc->npos = 1;
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
static inline bool move_fits(const struct ahead_run *r, size_t c, enum move m, uint64_t v)
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

/* A line at POS's column: whether it is where the line before it is,
 * and the least position so far. */
static inline void track(struct ahead_pos *pos, enum move m, uint64_t v)
{
	bool same = m == MOVE_SAME || (m != MOVE_TO && v == 0) ||
		    (m == MOVE_TO && pos->absolute && pos->value == v);

	pos->varies |= pos->seen && !same;
	pos->seen = true;
}

static inline void least(struct ahead_pos *pos)
{
	if (pos->absolute) {
		if (!pos->seen_value || pos->value < pos->least_value)
			pos->least_value = pos->value;
		pos->seen_value = true;
	} else {
		if (!pos->seen_delta || pos->delta < pos->least_delta)
			pos->least_delta = pos->delta;
		pos->seen_delta = true;
	}
}

static inline void move_to(struct ahead_pos *pos, enum move m, uint64_t v)
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

static inline void move(struct ahead_pos *pos, enum move m, uint64_t v)
{
	track(pos, m, v);
	move_to(pos, m, v);
	least(pos);
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
static inline __attribute__((always_inline)) struct ahead_run *
run_for(struct scan *sc, struct ahead_block *b, const char *p)
{
	return sc->run == NO_RUN ? new_run(sc, b, p) : &b->runs[sc->run];
}

/* The cost line at P as the reader's fast path reads it (NPOS positions,
 * then up to NRAW counts, single blanks, nothing else): how each position
 * column moves into M and V, the counts into U and their number into *N.
 * Returns the line's newline, or NULL if it is no such line. */
static inline __attribute__((always_inline)) const char *
parse_line(const char *p, size_t npos, size_t nraw, enum move *m, uint64_t *v, uint64_t *u,
	   size_t *n, uint64_t *most)
{
	size_t k = 0;
	uint64_t top = 0;

	for (size_t c = 0; c < npos; c++) {
		if (c > 0 && *p++ != ' ')
			return NULL;
		p = position(p, &m[c], &v[c]);
		if (p == NULL)
			return NULL;
	}
	while (*p == ' ') {
		if (p[1] == '\n') {
			p++;   /* a blank at the end, as valgrind writes after jumps */
			break;
		}
		if (k == nraw || (p = decimal(p + 1, &u[k])) == NULL)
			return NULL;
		top = u[k] > top ? u[k] : top;
		k++;
	}
	*n = k;
	*most = top;
	return *p == '\n' ? p : NULL;
}

/* A cost line at LINE that parse_line reads, added to the current run or
 * a new one; returns what follows it, or NULL if it is not such a line. */
static inline __attribute__((always_inline)) const char *
scan_cost_n(struct scan *sc, struct ahead_block *b, const char *line, size_t npos)
{
	enum move m[AHEAD_POS_MAX];
	uint64_t v[AHEAD_POS_MAX] = { 0 }, u[AHEAD_EVENTS_MAX], *sums;
	struct ahead_run *r = sc->run == NO_RUN ? NULL : &b->runs[sc->run];
	const char *p;
	size_t n = 0;
	uint64_t most, bound;

	p = parse_line(line, npos, sc->nraw, m, v, u, &n, &most);
	if (p == NULL)
		return NULL;
	for (size_t c = 0; c < npos; c++)
		if (!move_fits(r, c, m[c], v[c]))
			return NULL;
	/* Sums that could pass 64 bits: a new run rather. */
	if (r != NULL && __builtin_add_overflow(r->bound, most, &bound))
		sc->run = NO_RUN;
	r = run_for(sc, b, line);
	r->bound += most;
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
static const char *scan_jump(struct scan *sc, struct ahead_block *b, const char *p)
{
	const char *nl;
	bool nul = false;

	/* The line has its newline before the block's end, so 5 bytes are there. */
	if (p[0] != 'j' || p[4] != '=' || (memcmp(p, "jump", 4) != 0 && memcmp(p, "jcnd", 4) != 0))
		return NULL;
	nl = number_line_end(p, &nul);
	if (nul)
		return NULL;
	run_for(sc, b, p)->nlines++;
	b->items[b->nitems - 1].end = nl + 1;
	return nl + 1;
}

/* Lines [P, END) read one by one by the reader: what they say. */
static void note_lines(struct scan *sc, const char *p, const char *end)
{
	while (p < end) {
		bool nul = false;
		const char *nl = number_line_end(p, &nul);

		note_line(sc, p, nl);
		p = nl + 1;
	}
}

/* Lines from P to the end of B's LEN bytes as an item for the reader to
 * read one by one: added to the last such item if that is where it ends. */
static void plain_lines(struct scan *sc, struct ahead_block *b, const char *p, const char *end)
{
	if (sc->run != NO_RUN || b->nitems == 0)
		new_item(b, p, NO_RUN);
	sc->run = NO_RUN;
	b->items[b->nitems - 1].end = end;
}

/* Whether the lines that follow may make runs, as far as the thread knows. */
static bool may_run(const struct scan *sc)
{
	return sc->events && !sc->after_calls && sc->npos <= AHEAD_POS_MAX &&
	       sc->nraw <= AHEAD_EVENTS_MAX;
}

/* Whether the lines of a block from its line LINES on go to the reader
 * as they are. */
static bool leave_rest(struct ahead *a, unsigned lines)
{
	if (a->split)
		return lines / 64 == a->blocks * 7 % 40;
	return !a->always_sum && atomic_load_explicit(&a->hungry, memory_order_relaxed);
}

/* Split the LEN bytes of whole lines of B into runs and the lines between.
 * Where the reader waits for B, the rest is left to it as it is (it reads
 * those lines sooner than it would get their sums, and the two threads
 * keep pace so): returns where that rest starts, the end if there is none. */
static const char *scan_block(struct ahead *a, struct ahead_block *b, size_t len)
{
	struct scan *sc = &a->scan;
	const char *p = b->data, *end = b->data + len;

	bool runs = may_run(sc);

	sc->run = NO_RUN;
	for (unsigned lines = 0; p < end; lines++) {
		const char *next = NULL, *nl;
		bool nul = false;

		if (lines % 64 == 0 && leave_rest(a, lines)) {
			plain_lines(sc, b, p, end);
			break;
		}
		if (runs)
			next = is_cost_start(*p) ? scan_cost(sc, b, p) : scan_jump(sc, b, p);
		if (next != NULL) {
			p = next;
			continue;
		}
		nl = number_line_end(p, &nul);
		note_line(sc, p, nl);
		runs = may_run(sc);
		plain_lines(sc, b, p, nl + 1);
		p = nl + 1;
	}
	for (size_t i = 0; i < b->nitems; i++)
		if (b->items[i].index != NO_RUN)
			b->items[i].run = &b->runs[b->items[i].index];
	return p;
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

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Waiting for the other thread, spin until READY(A), for AHEAD_SPIN_NS at
 * most, rather than sleep at once: the other thread is seldom more than a
 * block's work away, and waking a thread up takes some hundred
 * microseconds on a virtual machine whose idle CPU has gone to another. */
static void spin_until(struct ahead *a, bool (*ready)(struct ahead *))
{
	uint64_t start = now_ns();

	for (unsigned i = 1; !ready(a); i++) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
		if (i % 64 == 0 && now_ns() - start > AHEAD_SPIN_NS)
			return;
	}
}

static bool has_room(struct ahead *a)
{
	return atomic_load_explicit(&a->nblocks, memory_order_relaxed) < AHEAD_BLOCKS ||
	       atomic_load_explicit(&a->stop, memory_order_relaxed);
}

static bool has_block(struct ahead *a)
{
	return !atomic_load_explicit(&a->hungry, memory_order_relaxed) ||
	       atomic_load_explicit(&a->end, memory_order_relaxed);
}

/* Wait for room, and give B to the reader; false if it wants no more. */
static bool hand_over(struct ahead *a, struct ahead_block *b)
{
	bool stop;

	spin_until(a, has_room);
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
		a->hungry = false;
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

static bool given_up(struct ahead *a)
{
	bool g;

	pthread_mutex_lock(&a->lock);
	g = a->give_up;
	pthread_mutex_unlock(&a->lock);
	return g;
}

/* Lines [START, END) as a block for the reader, summed as far as
 * scan_block goes.  Returns false if the reader wants no more. */
static bool make_block(struct ahead *a, const char *start, const char *end)
{
	size_t len = (size_t)(end - start);
	struct ahead_block *b = get_block(a, len);
	const char *rest;

	memcpy(b->data, start, len);
	memset(b->data + len, 0, INPUT_SLACK);
	b->raw_read = a->in->raw_read;
	rest = scan_block(a, b, len);
	a->blocks++;
	if (!hand_over(a, b))
		return false;
	/* B stays until get_block takes it again, which is after this. */
	note_lines(&a->scan, rest, b->data + len);
	return true;
}

static void *read_ahead(void *arg)
{
	struct ahead *a = arg;
	const char *start, *end;
	bool more = true;

	if (a->placed)
		sched_setaffinity(0, sizeof(a->thread_cpus), &a->thread_cpus);
	/* For top -H and perf: the reader is "cgannotate". */
	pthread_setname_np(pthread_self(), "cgannotate-read");

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

/* CGANNOTATE_READ_AHEAD=no reads on one thread always; =yes on two
 * whenever it can, whatever the size and the CPUs, and the thread sums
 * every block (*ALWAYS): to test it on small inputs, whose one block
 * would otherwise go to a reader that waits for it; =split as yes, but
 * the thread leaves the rest of each block from a line that varies to the
 * reader (*SPLIT), as it does for a reader that waits; =N as yes, but the
 * thread stops after N reads of the input (*LIMIT), as it does when held up. */
static bool wanted(const struct input *in, bool *always, bool *split, size_t *limit)
{
	const char *e = getenv("CGANNOTATE_READ_AHEAD");
	char *end;
	unsigned long n = e != NULL ? strtoul(e, &end, 10) : 0;

	*limit = e != NULL && *e >= '0' && *e <= '9' && *end == '\0' ? (size_t)n : 0;
	*split = e != NULL && strcmp(e, "split") == 0;
	*always = e != NULL && (strcmp(e, "yes") == 0 || *split || *limit > 0);
	if (in->gz != NULL || (e != NULL && strcmp(e, "no") == 0))
		return false;
	return *always || (in->size >= AHEAD_MIN_SIZE && cpus_usable() > 1);
}

/* Keep the reader on the CPU it is on and the thread off it, while
 * reading.  Left to themselves, the scheduler often puts the two on one
 * CPU when one wakes the other up, and leaves them there for a good part
 * of the input: each then waits for the other in turn. */
static void place(struct ahead *a)
{
	cpu_set_t mine;
	int cpu = sched_getcpu();

	if (cpu < 0 || sched_getaffinity(0, sizeof(a->cpus), &a->cpus) != 0 ||
	    !CPU_ISSET(cpu, &a->cpus) || CPU_COUNT(&a->cpus) < 2)
		return;
	a->thread_cpus = a->cpus;
	CPU_CLR(cpu, &a->thread_cpus);
	CPU_ZERO(&mine);
	CPU_SET(cpu, &mine);
	a->placed = sched_setaffinity(0, sizeof(mine), &mine) == 0;
}

struct ahead *ahead_start(struct input *in)
{
	struct ahead *a;
	bool always, split;
	size_t limit;

	if (!wanted(in, &always, &split, &limit))
		return NULL;
	a = xcalloc(1, sizeof(*a));
	a->always_sum = always;
	a->split = split;
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
	place(a);
	if (pthread_create(&a->thread, NULL, read_ahead, a) != 0) {
		if (a->placed)
			sched_setaffinity(0, sizeof(a->cpus), &a->cpus);
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

		/* The thread hands over the block it sums within a few lines. */
		a->hungry = true;
		pthread_mutex_unlock(&a->lock);
		spin_until(a, has_block);
		pthread_mutex_lock(&a->lock);
		while (a->head == NULL && !a->end)
			pthread_cond_wait(&a->cond, &a->lock);
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
	if (a->placed)
		sched_setaffinity(0, sizeof(a->cpus), &a->cpus);
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
