#include "tui-term.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <term.h>

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "diag.h"
#include "fmt-utf8.h"
#include "xalloc.h"

/* What giving the terminal back takes, kept where a signal handler can
 * use it: only write(), tcsetattr() and the like are safe there. */
struct term_state {
	volatile sig_atomic_t active;   /* the terminal is ours */
	struct termios saved;      /* standard output's modes before */
	bool have_saved;
	char restore[256];         /* leave the alternate screen, cursor on, ... */
	size_t restore_len;
	int err_saved;             /* the real standard error, while ours is kept aside */
	int err_kept;              /* what was written to standard error meanwhile */
	FILE *keyboard;
	SCREEN *screen;
	bool utf8, colour, mouse;
};

static struct term_state term = { .err_saved = -1, .err_kept = -1 };

static const char *const glyphs[GLYPH_COUNT][2] = {
	[GLYPH_BOUND] = { "\xe2\x89\xa5", ">=" },          /* U+2265 */
	[GLYPH_ESTIMATE] = { "\xe2\x89\x88", "~" },        /* U+2248 */
	[GLYPH_EXPANDED] = { "\xe2\x96\xbe", "-" },        /* U+25BE */
	[GLYPH_COLLAPSED] = { "\xe2\x96\xb8", "+" },       /* U+25B8 */
	[GLYPH_BAR_FULL] = { "\xe2\x96\x88", "#" },        /* U+2588 */
};

void term_ready(void)
{
	const char *type = getenv("TERM");
	int err, fd;

	if (!isatty(STDOUT_FILENO))
		die(EXIT_USAGE, "-i: standard output is not a terminal (for a file or a pipe, "
		    "write a report: the text report, or --format)");
	if (type == NULL || *type == '\0' || strcmp(type, "dumb") == 0)
		die(EXIT_USAGE, "-i: the terminal (TERM=%s) cannot show a full-screen browser",
		    type != NULL ? type : "");
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
		die(EXIT_USAGE, "-i: unknown terminal type '%s'", type);
	del_curterm(cur_term);
	fd = open("/dev/tty", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die(EXIT_USAGE, "-i: no keyboard: cannot open /dev/tty: %s", strerror(errno));
	close(fd);
}

static void write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Standard error as it was, with what was written to it meanwhile. */
static void give_back_stderr(void)
{
	char buf[4096];
	ssize_t n;

	if (term.err_saved < 0)
		return;
	dup2(term.err_saved, STDERR_FILENO);
	close(term.err_saved);
	term.err_saved = -1;
	if (lseek(term.err_kept, 0, SEEK_SET) == 0)
		while ((n = read(term.err_kept, buf, sizeof(buf))) > 0)
			write_all(STDERR_FILENO, buf, (size_t)n);
	close(term.err_kept);
	term.err_kept = -1;
}

/* The terminal as it was, with what a signal handler may call. */
static void give_back_raw(void)
{
	if (!term.active)
		return;
	term.active = 0;
	write_all(STDOUT_FILENO, term.restore, term.restore_len);
	if (term.have_saved)
		tcsetattr(STDOUT_FILENO, TCSANOW, &term.saved);
	give_back_stderr();
}

/* Ctrl-C, a kill, a crash: the terminal back, then the signal's own end
 * (the status a shell shows, a core dump). */
static void on_fatal_signal(int sig)
{
	give_back_raw();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* die() while browsing, from any thread. */
static void on_exit_(void)
{
	give_back_raw();
}

static void watch_signals(void)
{
	static const int fatal[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGFPE,
				     SIGILL, SIGABRT };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	/* A signal ignored when the program started (a background job's
	 * SIGINT) stays ignored. */
	for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++) {
		struct sigaction old;

		if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(fatal[i], &sa, NULL);
	}
}

static void add_restore(const char *cap)
{
	const char *s = tigetstr(cap);
	size_t n;

	if (s == NULL || s == (char *)-1)
		return;
	n = strlen(s);
	if (term.restore_len + n < sizeof(term.restore)) {
		memcpy(term.restore + term.restore_len, s, n);
		term.restore_len += n;
	}
}

/* What gives the terminal back without curses: leave the alternate
 * screen, attributes off, cursor on, keypad and mouse reports off. */
static void prepare_restore(void)
{
	static const char mouse_off[] = "\033[?1006l\033[?1003l\033[?1002l\033[?1000l";

	term.restore_len = 0;
	add_restore("sgr0");
	add_restore("rmkx");
	if (term.mouse && strlen(mouse_off) < sizeof(term.restore) - term.restore_len) {
		memcpy(term.restore + term.restore_len, mouse_off, strlen(mouse_off));
		term.restore_len += strlen(mouse_off);
	}
	add_restore("rmcup");
	add_restore("cnorm");
}

/* Standard error kept aside: messages would land on the browser's screen
 * and vanish with it. */
static void keep_stderr(void)
{
	int fd = memfd_create("cgannotate-stderr", MFD_CLOEXEC);

	if (fd < 0)
		return;
	fflush(stderr);
	term.err_saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	if (term.err_saved < 0) {
		close(fd);
		return;
	}
	term.err_kept = fd;
	dup2(fd, STDERR_FILENO);
}

static short looks_pair[LOOK_COUNT];
static attr_t looks_attr[LOOK_COUNT];

static void set_look(enum term_look l, short fg, short bg, attr_t colour_attr, attr_t plain_attr)
{
	if (term.colour && fg != -2) {
		init_pair((short)(l + 1), fg, bg);
		looks_pair[l] = (short)(l + 1);
		looks_attr[l] = colour_attr;
	} else {
		looks_pair[l] = 0;
		looks_attr[l] = plain_attr;
	}
}

/* Colours, unless NO_COLOR is set (https://no-color.org) or the terminal
 * has none: then attributes alone. */
static void choose_looks(void)
{
	const char *no = getenv("NO_COLOR");

	term.colour = (no == NULL || *no == '\0') && has_colors();
	if (term.colour) {
		start_color();
		use_default_colors();
	}
	set_look(LOOK_PLAIN, -2, -1, A_NORMAL, A_NORMAL);
	set_look(LOOK_TITLE, COLOR_WHITE, COLOR_BLUE, A_BOLD, A_BOLD | A_REVERSE);
	set_look(LOOK_HEADING, COLOR_CYAN, -1, A_BOLD, A_BOLD);
	set_look(LOOK_STATUS, COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE);
	set_look(LOOK_BAR, COLOR_GREEN, -1, A_NORMAL, A_NORMAL);
	set_look(LOOK_ESTIMATE, COLOR_YELLOW, -1, A_NORMAL, A_NORMAL);
	set_look(LOOK_DIM, -2, -1, A_DIM, A_DIM);
	set_look(LOOK_HOT, -2, -1, A_BOLD, A_BOLD);
	set_look(LOOK_ERROR, COLOR_RED, -1, A_BOLD, A_BOLD);
}

void term_open(void)
{
	static bool exit_hook;

	setlocale(LC_ALL, "");
	term.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	term.keyboard = fopen("/dev/tty", "re");
	if (term.keyboard == NULL)
		die(EXIT_USAGE, "-i: no keyboard: cannot open /dev/tty: %s", strerror(errno));
	term.have_saved = tcgetattr(STDOUT_FILENO, &term.saved) == 0;
	fflush(stdout);
	set_escdelay(25);
	term.screen = newterm(NULL, stdout, term.keyboard);
	if (term.screen == NULL)
		die(EXIT_USAGE, "-i: the terminal cannot be used");
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	curs_set(0);
	term.mouse = mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL) != 0;
	mouseinterval(0);
	choose_looks();
	prepare_restore();
	keep_stderr();
	if (!exit_hook) {
		atexit(on_exit_);
		exit_hook = true;
	}
	term.active = 1;
	watch_signals();
}

void term_close(void)
{
	if (!term.active)
		return;
	term.active = 0;
	endwin();
	delscreen(term.screen);
	term.screen = NULL;
	fclose(term.keyboard);
	term.keyboard = NULL;
	give_back_stderr();
}

int term_height(void)
{
	return LINES;
}

int term_width(void)
{
	return COLS;
}

bool term_utf8(void)
{
	return term.utf8;
}

const char *term_glyph(enum term_glyph g)
{
	return glyphs[g][term.utf8 ? 0 : 1];
}

bool term_read(struct term_key *k, int timeout_ms)
{
	wint_t wc;
	int r;

	timeout(timeout_ms);
	r = get_wch(&wc);
	if (r == ERR)
		return false;
	k->function = r == KEY_CODE_YES;
	k->code = (int)wc;
	return true;
}

bool term_mouse(int *y, int *x, int *wheel)
{
	MEVENT ev;

	if (getmouse(&ev) != OK)
		return false;
	*y = ev.y;
	*x = ev.x;
	*wheel = ev.bstate & BUTTON4_PRESSED ? -1 : ev.bstate & BUTTON5_PRESSED ? 1 : 0;
	return *wheel != 0 || (ev.bstate & BUTTON1_PRESSED);
}

/* The character at S (N > 0 bytes) as it is drawn: *WC and its width *W.
 * Returns the bytes it takes. */
static size_t safe_char(const unsigned char *s, size_t n, wchar_t *wc, int *w)
{
	size_t len;
	uint32_t cp;

	if (s[0] >= 0x20 && s[0] < 0x7f) {
		*wc = s[0];
		*w = 1;
		return 1;
	}
	*wc = term.utf8 ? 0xfffd : '?';
	*w = 1;
	len = utf8_length(s, n);
	if (s[0] < 0x80 || len == 0)
		return 1;
	if (!term.utf8)
		return len;
	cp = len == 2 ? s[0] & 0x1f : len == 3 ? s[0] & 0x0f : s[0] & 0x07;
	for (size_t i = 1; i < len; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	/* C1 controls, formatting characters and the like have no width. */
	if (wcwidth((wchar_t)cp) > 0) {
		*wc = (wchar_t)cp;
		*w = wcwidth((wchar_t)cp);
	}
	return len;
}

int term_text_width(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	int cols = 0;

	while (len > 0) {
		wchar_t wc;
		int w;
		size_t n = safe_char(s, len, &wc, &w);

		cols += w;
		s += n;
		len -= n;
	}
	return cols;
}

size_t term_text_fit(const char *text, size_t len, int width)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t used = 0;
	int cols = 0;

	while (used < len) {
		wchar_t wc;
		int w;
		size_t n = safe_char(s + used, len - used, &wc, &w);

		if (cols + w > width)
			break;
		cols += w;
		used += n;
	}
	return used;
}

static attr_t attr_of(int look, short *pair)
{
	enum term_look l = (enum term_look)(look & 0xff);

	*pair = looks_pair[l];
	return looks_attr[l] | (look & LOOK_SELECTED ? A_REVERSE : 0);
}

int term_putn(int y, int x, int width, const char *text, size_t len, int look)
{
	const unsigned char *s = (const unsigned char *)text;
	wchar_t buf[256];
	int cols = 0, n = 0;
	short pair;
	attr_t a = attr_of(look, &pair);

	if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
		return 0;
	if (x + width > COLS)
		width = COLS - x;
	attr_set(a, pair, NULL);
	move(y, x);
	while (len > 0) {
		wchar_t wc;
		int w;
		size_t k = safe_char(s, len, &wc, &w);

		if (cols + w > width)
			break;
		buf[n++] = wc;
		cols += w;
		s += k;
		len -= k;
		if (n == (int)(sizeof(buf) / sizeof(buf[0]))) {
			addnwstr(buf, n);
			n = 0;
		}
	}
	if (n > 0)
		addnwstr(buf, n);
	attr_set(A_NORMAL, 0, NULL);
	return cols;
}

int term_put(int y, int x, int width, const char *text, int look)
{
	return term_putn(y, x, width, text, strlen(text), look);
}

void term_fill(int y, int x, int width, int look)
{
	short pair;
	attr_t a = attr_of(look, &pair);

	if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
		return;
	if (x + width > COLS)
		width = COLS - x;
	attr_set(a, pair, NULL);
	mvhline(y, x, ' ', width);
	attr_set(A_NORMAL, 0, NULL);
}

void term_cursor(int y, int x)
{
	if (y < 0) {
		curs_set(0);
		return;
	}
	move(y, x);
	curs_set(1);
}

void term_erase(void)
{
	erase();
}

void term_refresh(void)
{
	refresh();
}

void term_redraw(void)
{
	clearok(curscr, TRUE);
}
