#include "options.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "xalloc.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0"
#endif

static const char usage_text[] =
"usage: cgannotate [options] [profile-file [source-files...]]\n"
"       cgannotate [options] --merge profile-file...\n"
"       cgannotate [options] --diff old-profile new-profile\n"
"       cgannotate [options] --compare profile-file profile-file...\n"
"\n"
"  options for the user, with defaults in [ ], are:\n"
"    -h --help             show this message\n"
"    --version             show version\n"
"    --show=A,B,C          only show figures for events A,B,C [all]\n"
"    --threshold=<0--100>  percentage of counts (of primary sort event) we\n"
"                          are interested in [99%]\n"
"    --sort=A,B,C          sort columns by events A,B,C [event column order]\n"
"                          Each event can optionally be followed by a :\n"
"                          and a threshold percentage. If some event specific\n"
"                          threshold are given, --threshold value is ignored.\n"
"    --show-percs=yes|no   show a percentage for each non-zero count [yes]\n"
"    --auto=yes|no         annotate all source files containing functions\n"
"                          that helped reach the event count threshold [yes]\n"
"    --context=N           print N lines of context before and after\n"
"                          annotated lines [8]\n"
"    --inclusive=yes|no    add subroutine costs to functions calls [no]\n"
"    --tree=none|caller|   print for each function their callers,\n"
"           calling|both   the called functions or both [none]\n"
"    -I --include=<dir>    add <dir> to list of directories to search for\n"
"                          source files\n"
"\n"
"  cgannotate's own options:\n"
"    -i --interactive      browse the profile in the terminal, full screen:\n"
"                          functions, callers and callees, call trees, source,\n"
"                          machine code (? lists the keys of each view)\n"
"    --inclusive=both      per event the inclusive cost (and estimate, see\n"
"                          below) and the self cost, then calls\n"
"    --format=text|json    write the report as text or as one JSON object [text]\n"
"    --format=dot          write the call graph in Graphviz DOT (see below)\n"
"    --format=folded       write estimated call stacks, one a line, for flame\n"
"                          graph tools (flamegraph.pl, inferno, speedscope)\n"
"    --format=flamegraph   write an SVG flame graph of the estimated stacks;\n"
"                          with --diff, a differential one (NEW against OLD)\n"
"    --flame-direction=up|down\n"
"                          flame graphs: root at the bottom or the top [up]\n"
"    --format=html         write the whole report as one HTML file: tables,\n"
"                          function pages, flame graph, call graph (needs dot\n"
"                          when written, not when read), source, machine code\n"
"    --format=pprof        write every shown event's estimated stacks as a\n"
"                          gzip-compressed pprof profile (go tool pprof,\n"
"                          Pyroscope, Parca); with --diff, NEW less OLD as\n"
"                          pprof's diff base; never to a terminal\n"
"    --format=markdown     write the function table as GitHub Markdown, with\n"
"                          the gates' verdicts (CI job summaries)\n"
"    --format=csv          write every function as a row of CSV (RFC 4180)\n"
"    --node-thres=PCT      dot: functions whose inclusive cost is at least PCT%\n"
"                          of the total [0.5]; the HTML page's graph, unless\n"
"                          it is given: the 200 largest of them\n"
"    --edge-thres=PCT      dot: calls that cost at least PCT% of the total [0.1]\n"
"    --part=N[,M...]       read only these parts of a multi-part profile [all]\n"
"    --merge               sum all profiles named on the command line\n"
"    --diff                report NEW minus OLD\n"
"    --fail-above=PCT[:RE] with --diff: exit with status 3 if the total of the\n"
"                          first sort event grew by more than PCT% (with :RE,\n"
"                          the inclusive cost of a function whose name matches\n"
"                          RE, the estimate for one in a cycle of calls);\n"
"                          repeatable; the verdicts go to standard error\n"
"    --min-change=N        --fail-above: changes smaller than N events are no\n"
"                          growth [0]\n"
"    --compare             the profiles side by side, each against the first;\n"
"                          text, json, csv or markdown\n"
"    --compare-base=K      --compare: against the K-th profile instead [1]\n"
"    --mod-filename=s/RE/REPL/[gi]\n"
"                          rewrite file names before aggregating\n"
"    --mod-funcname=s/RE/REPL/[gi]\n"
"                          rewrite function names before aggregating\n"
"    --focus=RE            keep only the cost incurred while a function whose\n"
"                          name matches RE is on the stack (from the estimated\n"
"                          stacks; repeatable)\n"
"    --hide=RE             drop the functions whose names match RE, giving\n"
"                          their costs and callees to their callers (repeatable)\n"
"    --asm=yes|no          after the sources, the machine code of the functions\n"
"                          in the table, per instruction (needs objdump) [no]\n"
"    --asm-function=RE     also the machine code of the functions whose\n"
"                          file:function matches RE (repeatable)\n"
"    --group-by=object|file|class|namespace|function\n"
"                          a row per ELF object, source file (of each cost\n"
"                          line), C++ class or outermost namespace, in the\n"
"                          tables, call graph and flame graphs, rather than\n"
"                          per function [function]\n"
"    --per-call=yes|no     add each shown event's self/call and incl/call:\n"
"                          cost per call entering it [no]; --sort=EV/call and\n"
"                          --sort=EV/call:incl sort by them (and show them)\n"
"    --name-width=N        shorten function names in the text report to N\n"
"                          characters: template arguments to <\u2026>, then the\n"
"                          parameters to (\u2026), then the middle [no limit]\n"
"    --routine=NAME|ID     aprof: detail one routine (repeatable)\n"
"    --mangled             aprof: show mangled routine names\n"
"    aprof reports also take --sort=self|cumulative|calls|inputs and\n"
"    --tree=calling (the calling-context tree)\n"
"  The call graph is of the first --sort event, else the first shown.  Node\n"
"  labels: function, file [object], inclusive share (for a recursive function\n"
"  \u2265 bound and \u2248 estimate, see below), (self share), calls N\u00d7\n"
"  (code inlined from another file: \"code inlined into F\", \"from file\");\n"
"  edge labels: share of the call, N\u00d7 (inside a cycle of calls, \u2248 the share\n"
"  of the stacks through it; a call to itself: only N\u00d7).\n"
"  Colour of share w (0..1): HSL hue 2/3(1-w), saturation 0.8+0.2w, lightness\n"
"  0.25+0.25w, from dark blue to red.  In a diff, of the change w (-1..1):\n"
"  red for more, blue for less, saturation sqrt|w|, lightness 0.4 (grey at 0).\n"
"  A recursive function's inclusive cost is a bound, shown beside an estimate\n"
"  (--inclusive=both, dot, flame graphs, the page): \u2265: proven lower bound\n"
"  of the cost spent while it runs (recursion: the profile records no more);\n"
"  \u2248: estimated from the call graph's stacks, what the flame graph draws.\n"
"  A profile named '-' is read from standard input.\n"
"  gzip-compressed profiles are read as they are (magic bytes, not names).\n"
"\n"
"  Exit status: 0 success, 1 usage error, 2 unusable input or I/O error,\n"
"  3 a --fail-above gate failed (the report is written whole).\n";

enum {
	OPT_VERSION = 256,
	OPT_SHOW,
	OPT_SORT,
	OPT_THRESHOLD,
	OPT_SHOW_PERCS,
	OPT_AUTO,
	OPT_CONTEXT,
	OPT_INCLUSIVE,
	OPT_TREE,
	OPT_FORMAT,
	OPT_PART,
	OPT_MERGE,
	OPT_DIFF,
	OPT_MOD_FILENAME,
	OPT_MOD_FUNCNAME,
	OPT_ROUTINE,
	OPT_MANGLED,
	OPT_FOCUS,
	OPT_HIDE,
	OPT_ASM,
	OPT_ASM_FUNCTION,
	OPT_NODE_THRES,
	OPT_EDGE_THRES,
	OPT_NAME_WIDTH,
	OPT_FLAME_DIRECTION,
	OPT_FAIL_ABOVE,
	OPT_MIN_CHANGE,
	OPT_COMPARE,
	OPT_COMPARE_BASE,
	OPT_GROUP_BY,
	OPT_PER_CALL,
};

static const struct option longopts[] = {
	{ "help",       no_argument,       NULL, 'h' },
	{ "interactive", no_argument,      NULL, 'i' },
	{ "version",    no_argument,       NULL, OPT_VERSION },
	{ "show",       required_argument, NULL, OPT_SHOW },
	{ "sort",       required_argument, NULL, OPT_SORT },
	{ "threshold",  required_argument, NULL, OPT_THRESHOLD },
	{ "show-percs", required_argument, NULL, OPT_SHOW_PERCS },
	{ "auto",       required_argument, NULL, OPT_AUTO },
	{ "context",    required_argument, NULL, OPT_CONTEXT },
	{ "inclusive",  required_argument, NULL, OPT_INCLUSIVE },
	{ "tree",       required_argument, NULL, OPT_TREE },
	{ "include",    required_argument, NULL, 'I' },
	{ "format",     required_argument, NULL, OPT_FORMAT },
	{ "part",       required_argument, NULL, OPT_PART },
	{ "merge",      no_argument,       NULL, OPT_MERGE },
	{ "diff",       no_argument,       NULL, OPT_DIFF },
	{ "mod-filename", required_argument, NULL, OPT_MOD_FILENAME },
	{ "mod-funcname", required_argument, NULL, OPT_MOD_FUNCNAME },
	{ "routine",    required_argument, NULL, OPT_ROUTINE },
	{ "mangled",    no_argument,       NULL, OPT_MANGLED },
	{ "focus",      required_argument, NULL, OPT_FOCUS },
	{ "hide",       required_argument, NULL, OPT_HIDE },
	{ "asm",        required_argument, NULL, OPT_ASM },
	{ "asm-function", required_argument, NULL, OPT_ASM_FUNCTION },
	{ "node-thres", required_argument, NULL, OPT_NODE_THRES },
	{ "edge-thres", required_argument, NULL, OPT_EDGE_THRES },
	{ "name-width", required_argument, NULL, OPT_NAME_WIDTH },
	{ "flame-direction", required_argument, NULL, OPT_FLAME_DIRECTION },
	{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
	{ "min-change", required_argument, NULL, OPT_MIN_CHANGE },
	{ "compare",    no_argument,       NULL, OPT_COMPARE },
	{ "compare-base", required_argument, NULL, OPT_COMPARE_BASE },
	{ "group-by",   required_argument, NULL, OPT_GROUP_BY },
	{ "per-call",   required_argument, NULL, OPT_PER_CALL },
	{ NULL, 0, NULL, 0 },
};

/* --help: the usage text on standard output, status 0.  A usage error
 * prints one line and points here (usage_error()). */
static _Noreturn void help(void)
{
	fputs(usage_text, stdout);
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_INPUT, "write error on standard output");
	exit(EXIT_OK);
}

static _Noreturn void bad_value(const char *option, const char *value)
{
	usage_error("invalid value '%s' for --%s", value, option);
}

static bool parse_yes_no(const char *option, const char *value)
{
	if (strcmp(value, "yes") == 0)
		return true;
	if (strcmp(value, "no") == 0)
		return false;
	bad_value(option, value);
}

double options_threshold_value(const char *text)
{
	return strtod(text, NULL);
}

/* A threshold as the reference accepts it: digits and dots, optionally a
 * trailing "%", with a value from 0 to 100.  Returns the text without "%". */
static char *parse_threshold(const char *option, const char *value)
{
	size_t n = strspn(value, "0123456789.");
	double v;

	if (n == 0 || (value[n] != '\0' && strcmp(value + n, "%") != 0))
		bad_value(option, value);
	v = strtod(value, NULL);
	if (v < 0 || v > 100)
		bad_value(option, value);
	return xstrndup(value, n);
}

/* Split at commas; like Perl's split, trailing empty fields are dropped. */
static char **split_commas(const char *s, size_t *count)
{
	char **fields = NULL;
	size_t n = 0, cap = 0;

	while (*s != '\0') {
		size_t len = strcspn(s, ",");

		xgrow(&fields, &cap, n + 1, sizeof(*fields));
		fields[n++] = xstrndup(s, len);
		s += len;
		if (*s == ',')
			s++;
	}
	while (n > 0 && fields[n - 1][0] == '\0')
		free(fields[--n]);
	*count = n;
	return fields;
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Whether KEY[0..*END) ends in "/call" (the self cost per call) or
 * "/call:incl" (the inclusive one); *END is then where the event ends. */
static enum per_call per_call_suffix(const char *key, size_t *end)
{
	static const struct { const char *suffix; enum per_call kind; } forms[] = {
		{ "/call:incl", PER_CALL_INCL }, { "/call", PER_CALL_SELF },
	};

	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		size_t len = strlen(forms[i].suffix);

		if (*end > len && memcmp(key + *end - len, forms[i].suffix, len) == 0) {
			*end -= len;
			return forms[i].kind;
		}
	}
	return PER_CALL_NONE;
}

static void set_sort(struct options *opt, const char *value)
{
	char **fields;
	size_t n;

	for (size_t i = 0; i < opt->nsort; i++) {
		free(opt->sort[i].event);
		free(opt->sort[i].threshold);
	}
	free(opt->sort);
	fields = split_commas(value, &n);
	opt->sort = xcalloc(n, sizeof(*opt->sort));
	opt->nsort = n;
	opt->sort_thresholds = false;
	for (size_t i = 0; i < n; i++) {
		/* "EVENT:N" or "EVENT:N%"; the threshold follows the last
		 * colon and the event ends at the first, as in the reference. */
		char *last = strrchr(fields[i], ':');

		size_t end = strlen(fields[i]);

		if (last != NULL) {
			size_t digits = strspn(last + 1, "0123456789.");
			const char *rest = last + 1 + digits;

			if (digits > 0 && (*rest == '\0' || strcmp(rest, "%") == 0)) {
				opt->sort[i].threshold = parse_threshold("sort", last + 1);
				opt->sort_thresholds = true;
				end = (size_t)(last - fields[i]);
			}
		}
		opt->sort[i].per_call = per_call_suffix(fields[i], &end);
		if (opt->sort[i].per_call != PER_CALL_NONE)
			fields[i][end] = '\0';
		else if (opt->sort[i].threshold != NULL)
			*strchr(fields[i], ':') = '\0';
		opt->sort[i].event = fields[i];
	}
	opt->sort_per_call = n > 0 && opt->sort[0].per_call != PER_CALL_NONE;
	free(fields);
}

static void set_show(struct options *opt, const char *value)
{
	free_strings(opt->show, opt->nshow);
	opt->show = split_commas(value, &opt->nshow);
}

static long parse_context(const char *value)
{
	char *end;
	long n;

	if (!isdigit((unsigned char)value[0]))
		bad_value("context", value);
	n = strtol(value, &end, 10);
	if (*end != '\0' || n < 0 || n > 1000000000L)
		bad_value("context", value);
	return n;
}

static void set_tree(struct options *opt, const char *value)
{
	static const char *const names[] = { "none", "caller", "calling", "both" };
	size_t i;

	for (i = 0; i < 4; i++)
		if (strcmp(value, names[i]) == 0)
			break;
	if (i == 4)
		bad_value("tree", value);
	opt->tree_caller = i == 1 || i == 3;
	opt->tree_calling = i == 2 || i == 3;
}

/* --inclusive=yes|no, or both: the inclusive table with self costs and
 * calls beside it. */
static void set_inclusive(struct options *opt, const char *value)
{
	opt->both_costs = strcmp(value, "both") == 0;
	opt->inclusive = opt->both_costs || parse_yes_no("inclusive", value);
}

/* A percentage for --node-thres or --edge-thres, as --threshold takes it. */
static double parse_percentage(const char *option, const char *value)
{
	char *text = parse_threshold(option, value);
	double v = options_threshold_value(text);

	free(text);
	return v;
}

/* --name-width=N: a number of characters, at least 1. */
static size_t parse_name_width(const char *value)
{
	char *end;
	unsigned long n;

	if (!isdigit((unsigned char)value[0]))
		bad_value("name-width", value);
	errno = 0;
	n = strtoul(value, &end, 10);
	if (*end != '\0' || errno != 0 || n == 0 || n > 1000000000UL)
		bad_value("name-width", value);
	return n;
}

static void set_format(struct options *opt, const char *value)
{
	if (opt->format == FORMAT_TUI)
		usage_error("-i (--interactive) and --format cannot be combined");
	if (strcmp(value, "text") == 0)
		opt->format = FORMAT_TEXT;
	else if (strcmp(value, "json") == 0)
		opt->format = FORMAT_JSON;
	else if (strcmp(value, "dot") == 0)
		opt->format = FORMAT_DOT;
	else if (strcmp(value, "folded") == 0)
		opt->format = FORMAT_FOLDED;
	else if (strcmp(value, "flamegraph") == 0)
		opt->format = FORMAT_FLAMEGRAPH;
	else if (strcmp(value, "html") == 0)
		opt->format = FORMAT_HTML;
	else if (strcmp(value, "pprof") == 0)
		opt->format = FORMAT_PPROF;
	else if (strcmp(value, "markdown") == 0)
		opt->format = FORMAT_MARKDOWN;
	else if (strcmp(value, "csv") == 0)
		opt->format = FORMAT_CSV;
	else
		bad_value("format", value);
}

/* --group-by=object|file|class|namespace|function. */
static void set_group_by(struct options *opt, const char *value)
{
	static const char *const names[] = { "function", "object", "file", "class", "namespace" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(value, names[i]) == 0) {
			opt->group_by = (enum group_by)i;
			return;
		}
	bad_value("group-by", value);
}

/* --flame-direction=up|down: the root at the bottom or at the top. */
static void set_flame_direction(struct options *opt, const char *value)
{
	if (strcmp(value, "up") == 0)
		opt->flame_down = false;
	else if (strcmp(value, "down") == 0)
		opt->flame_down = true;
	else
		bad_value("flame-direction", value);
}

/* --fail-above=PCT[:FUNCRE]: PCT a number of at least 0, a trailing "%"
 * allowed; FUNCRE, after the first colon, a POSIX extended regular
 * expression, checked now. */
static void add_gate(struct options *opt, const char *value)
{
	size_t n = strspn(value, "0123456789.");
	const char *rest = value + n;
	struct gate_spec g = { xstrdup(value), 0, NULL };
	char *end;

	if (*rest == '%')
		rest++;
	g.pct = strtod(value, &end);
	if (n == 0 || end != value + n || (*rest != '\0' && *rest != ':') ||
	    (*rest == ':' && rest[1] == '\0'))
		bad_value("fail-above", value);
	if (*rest == ':') {
		regex_t re;

		options_regcomp(&re, rest + 1, REG_EXTENDED | REG_NOSUB, "fail-above");
		regfree(&re);
		g.func_re = xstrdup(rest + 1);
	}
	opt->gates = xreallocarray(opt->gates, opt->ngates + 1, sizeof(*opt->gates));
	opt->gates[opt->ngates++] = g;
}

/* --min-change=N: a number of events. */
static void set_min_change(struct options *opt, const char *value)
{
	char *end;

	if (!isdigit((unsigned char)value[0]))
		bad_value("min-change", value);
	errno = 0;
	opt->min_change = strtoull(value, &end, 10);
	if (*end != '\0' || errno != 0)
		bad_value("min-change", value);
	opt->min_change_set = true;
}

/* --compare-base=K: a profile's place on the command line, from 1. */
static void set_compare_base(struct options *opt, const char *value)
{
	char *end;
	unsigned long k;

	if (!isdigit((unsigned char)value[0]))
		bad_value("compare-base", value);
	errno = 0;
	k = strtoul(value, &end, 10);
	if (*end != '\0' || errno != 0 || k == 0 || k > 1000000000UL)
		bad_value("compare-base", value);
	opt->compare_base = k - 1;
	opt->compare_base_set = true;
}

static int compare_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return (x > y) - (x < y);
}

/* "N[,M...]": part numbers from 1; kept sorted and unique. */
static void set_parts(struct options *opt, const char *value)
{
	char **fields;
	size_t n, kept = 0;

	fields = split_commas(value, &n);
	if (n == 0)
		bad_value("part", value);
	free(opt->parts);
	opt->parts = xcalloc(n, sizeof(*opt->parts));
	for (size_t i = 0; i < n; i++) {
		char *end;

		if (!isdigit((unsigned char)fields[i][0]))
			bad_value("part", value);
		errno = 0;
		opt->parts[i] = strtoul(fields[i], &end, 10);
		if (*end != '\0' || errno != 0 || opt->parts[i] == 0)
			bad_value("part", value);
	}
	qsort(opt->parts, n, sizeof(*opt->parts), compare_ulong);
	for (size_t i = 0; i < n; i++)
		if (kept == 0 || opt->parts[kept - 1] != opt->parts[i])
			opt->parts[kept++] = opt->parts[i];
	opt->nparts = kept;
	free_strings(fields, n);
}

static void set_mode(struct options *opt, enum profile_mode mode)
{
	if (opt->mode != MODE_SINGLE && opt->mode != mode &&
	    (opt->mode == MODE_COMPARE || mode == MODE_COMPARE))
		usage_error("--compare cannot be combined with --merge or --diff");
	if (opt->mode != MODE_SINGLE && opt->mode != mode)
		usage_error("--merge and --diff cannot be combined");
	opt->mode = mode;
}

static void push_string(char ***v, size_t *n, const char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
}

static void add_include(struct options *opt, const char *value)
{
	struct stat st;
	size_t len;

	/* "-I=DIR" is the reference's spelling; getopt leaves the "=". */
	if (value[0] == '=')
		value++;
	/* -I takes the next word whatever it is ("-I --tree=both"): say so
	 * when that is no directory, and go on as callgrind_annotate does. */
	if (stat(value, &st) != 0)
		warn("include directory '%s' does not exist", value);
	else if (!S_ISDIR(st.st_mode))
		warn("include directory '%s' is not a directory", value);
	len = strlen(value);
	if (len > 0 && value[len - 1] == '/')
		len--;
	opt->include_dirs = xreallocarray(opt->include_dirs, opt->ninclude + 1,
					  sizeof(*opt->include_dirs));
	opt->include_dirs[opt->ninclude] = xmalloc(len + 2);
	memcpy(opt->include_dirs[opt->ninclude], value, len);
	memcpy(opt->include_dirs[opt->ninclude] + len, "/", 2);
	opt->ninclude++;
}

void options_regcomp(regex_t *re, const char *text, int flags, const char *option)
{
	int err = regcomp(re, text, flags);

	if (err != 0) {
		char why[256];

		regerror(err, re, why, sizeof(why));
		usage_error("invalid --%s '%s': %s", option, text, why);
	}
}

/* A POSIX extended regular expression, checked now so that a bad one is a
 * usage error. */
static void add_asm_function(struct options *opt, const char *value)
{
	regex_t re;

	options_regcomp(&re, value, REG_EXTENDED | REG_NOSUB, "asm-function");
	regfree(&re);
	push_string(&opt->asm_functions, &opt->nasm_functions, value);
}

static void parse_one(struct options *opt, int c, const char *arg)
{
	switch (c) {
	case 'h':
		help();
	case OPT_VERSION:
		printf("cgannotate %s\n", PACKAGE_VERSION);
		if (fflush(stdout) != 0 || ferror(stdout))
			die(EXIT_INPUT, "write error on standard output");
		exit(EXIT_OK);
	case OPT_SHOW:
		set_show(opt, arg);
		break;
	case OPT_SORT:
		set_sort(opt, arg);
		break;
	case OPT_THRESHOLD:
		free(opt->threshold);
		opt->threshold = parse_threshold("threshold", arg);
		break;
	case OPT_SHOW_PERCS:
		opt->show_percs = parse_yes_no("show-percs", arg);
		break;
	case OPT_AUTO:
		opt->auto_annotate = parse_yes_no("auto", arg);
		break;
	case OPT_CONTEXT:
		opt->context = parse_context(arg);
		break;
	case OPT_INCLUSIVE:
		set_inclusive(opt, arg);
		break;
	case OPT_TREE:
		set_tree(opt, arg);
		break;
	case 'I':
		add_include(opt, arg);
		break;
	case OPT_FORMAT:
		set_format(opt, arg);
		break;
	case 'i':
		if (opt->format != FORMAT_TEXT)
			usage_error("-i (--interactive) and --format cannot be combined");
		opt->format = FORMAT_TUI;
		break;
	case OPT_PART:
		set_parts(opt, arg);
		break;
	case OPT_MERGE:
		set_mode(opt, MODE_MERGE);
		break;
	case OPT_DIFF:
		set_mode(opt, MODE_DIFF);
		break;
	case OPT_MOD_FILENAME:
		push_string(&opt->mod_filename, &opt->nmod_filename, arg);
		break;
	case OPT_MOD_FUNCNAME:
		push_string(&opt->mod_funcname, &opt->nmod_funcname, arg);
		break;
	case OPT_ROUTINE:
		push_string(&opt->routines, &opt->nroutines, arg);
		break;
	case OPT_MANGLED:
		opt->mangled = true;
		break;
	case OPT_FOCUS:
		push_string(&opt->focus, &opt->nfocus, arg);
		break;
	case OPT_HIDE:
		push_string(&opt->hide, &opt->nhide, arg);
		break;
	case OPT_ASM:
		opt->asm_view = parse_yes_no("asm", arg);
		break;
	case OPT_ASM_FUNCTION:
		add_asm_function(opt, arg);
		break;
	case OPT_NODE_THRES:
		opt->node_thres = parse_percentage("node-thres", arg);
		opt->node_thres_set = true;
		break;
	case OPT_EDGE_THRES:
		opt->edge_thres = parse_percentage("edge-thres", arg);
		break;
	case OPT_NAME_WIDTH:
		opt->name_width = parse_name_width(arg);
		break;
	case OPT_FLAME_DIRECTION:
		set_flame_direction(opt, arg);
		break;
	case OPT_FAIL_ABOVE:
		add_gate(opt, arg);
		break;
	case OPT_MIN_CHANGE:
		set_min_change(opt, arg);
		break;
	case OPT_COMPARE:
		set_mode(opt, MODE_COMPARE);
		break;
	case OPT_COMPARE_BASE:
		set_compare_base(opt, arg);
		break;
	case OPT_GROUP_BY:
		set_group_by(opt, arg);
		break;
	case OPT_PER_CALL:
		opt->per_call_option = parse_yes_no("per-call", arg);
		break;
	default:
		usage_error("unknown option code %d", c);
	}
}

/* The long option NAME (up to '=' or its end) stands for, as getopt_long
 * matches abbreviations: the one of that name, or the only one whose name
 * starts so.  NULL if none does; *AMBIGUOUS then tells whether several do. */
static const struct option *long_option_named(const char *name, bool *ambiguous)
{
	size_t len = strcspn(name, "="), n = 0;
	const struct option *found = NULL;

	for (const struct option *o = longopts; o->name != NULL; o++) {
		if (strncmp(o->name, name, len) != 0)
			continue;
		if (o->name[len] == '\0') {
			n = 1;
			found = o;
			break;
		}
		n++;
		found = o;
	}
	*ambiguous = n > 1;
	return n == 1 ? found : NULL;
}

/* What getopt_long would have said, with opterr set, about ARG (the word
 * of argv it stopped at); C is '?' for an unknown or ambiguous option or
 * an argument given to one that takes none, ':' for a missing argument. */
static _Noreturn void bad_option(int c, const char *arg)
{
	/* A short option's error may come before getopt_long has moved past
	 * its word (an unknown letter in "-xh"): then ARG is the word before,
	 * and only OPTOPT, the letter, tells the option. */
	bool long_option = strncmp(arg, "--", 2) == 0 &&
		(c == ':' || optopt == 0 || optopt >= OPT_VERSION || optopt == 'h' ||
		 optopt == 'i');
	const struct option *o;
	bool ambiguous;
	char *list;

	if (!long_option) {
		if (c == ':')
			usage_error("option requires an argument -- '%c'", optopt);
		usage_error("invalid option -- '%c'", optopt);
	}
	o = long_option_named(arg + 2, &ambiguous);
	if (o != NULL && c == ':')
		usage_error("option '--%s' requires an argument", o->name);
	if (o != NULL)
		usage_error("option '--%s' doesn't allow an argument", o->name);
	if (!ambiguous)
		usage_error("unrecognized option '%s'", arg);
	list = xstrdup("");
	for (o = longopts; o->name != NULL; o++) {
		if (strncmp(o->name, arg + 2, strcspn(arg + 2, "=")) == 0) {
			char *more = xasprintf("%s '--%s'", list, o->name);

			free(list);
			list = more;
		}
	}
	usage_error("option '%.*s' is ambiguous; possibilities:%s",
		    (int)strcspn(arg, "="), arg, list);
}

/* --compare: two profiles or more, a reference among them, a report that
 * shows a comparison. */
static void check_compare(const struct options *opt)
{
	if (opt->mode != MODE_COMPARE) {
		if (opt->compare_base_set)
			usage_error("--compare-base chooses the reference of --compare");
		return;
	}
	if (opt->nprofiles < 2)
		usage_error("--compare needs two profiles or more");
	if (opt->compare_base >= opt->nprofiles)
		usage_error("--compare-base=%zu: there are %zu profiles", opt->compare_base + 1,
			    opt->nprofiles);
	if (opt->format != FORMAT_TEXT && opt->format != FORMAT_JSON &&
	    opt->format != FORMAT_CSV && opt->format != FORMAT_MARKDOWN)
		usage_error("--compare writes text, JSON, CSV or Markdown");
	if (opt->nfocus > 0)
		usage_error("--focus does not apply to --compare");
}

static void push_user_file(struct options *opt, const char *file)
{
	opt->user_files = xreallocarray(opt->user_files, opt->nuser + 1,
					sizeof(*opt->user_files));
	opt->user_files[opt->nuser++] = xstrdup(file);
}

/* Why PATH cannot be annotated, as an errno value; 0 if it can. */
static int unreadable(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return errno;
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	return access(path, R_OK) == 0 ? 0 : errno;
}

/* Where a source named on the command line was looked for, in words:
 * "in the current directory or in the include directories 'a/', 'b/'". */
static char *search_places(const struct options *opt, const char *file)
{
	char *where = xstrdup(file[0] == '/' ? "" : " in the current directory");

	for (size_t i = 1; i < opt->ninclude; i++) {
		const char *lead = i > 1 ? "," : file[0] == '/' ? ", nor in the include director"
					      : " or in the include director";
		const char *plural = i > 1 ? "" : opt->ninclude > 2 ? "ies" : "y";
		char *more = xasprintf("%s%s%s '%s'", where, lead, plural, opt->include_dirs[i]);

		free(where);
		where = more;
	}
	return where;
}

/* A source named on the command line must be readable in an include
 * directory.  One that is there but cannot be read is named with the
 * reason, rather than reported as missing. */
static void add_user_file(struct options *opt, const char *file)
{
	char *bad = NULL;
	int why = 0;

	for (size_t i = 0; i < opt->nuser; i++)
		if (strcmp(opt->user_files[i], file) == 0)
			return;
	for (size_t i = 0; i < opt->ninclude; i++) {
		char *path = xasprintf("%s%s", opt->include_dirs[i], file);
		int err = unreadable(path);

		if (err == 0) {
			free(path);
			free(bad);
			push_user_file(opt, file);
			return;
		}
		if (err != ENOENT && err != ENOTDIR && bad == NULL) {
			bad = path;
			why = err;
		} else {
			free(path);
		}
	}
	if (bad != NULL)
		die(EXIT_INPUT, "%s: cannot annotate the source file: %s", bad, strerror(why));
	die(EXIT_INPUT, "%s: source file not found%s", file, search_places(opt, file));
}

/* Perl's glob sorts case-insensitively first, then by bytes. */
static bool glob_before(const char *a, const char *b)
{
	int c = strcasecmp(a, b);

	return c < 0 || (c == 0 && strcmp(a, b) < 0);
}

/* The first entry of the current directory starting with PREFIX, in the
 * order of the reference's <PREFIX*> glob; NULL if none. */
static char *first_matching(const char *prefix)
{
	DIR *dir = opendir(".");
	struct dirent *de;
	char *best = NULL;

	if (dir == NULL)
		return NULL;
	while ((de = readdir(dir)) != NULL) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) != 0)
			continue;
		if (best == NULL || glob_before(de->d_name, best)) {
			free(best);
			best = xstrdup(de->d_name);
		}
	}
	closedir(dir);
	return best;
}

static void find_default_profile(struct options *opt)
{
	opt->profile = first_matching("callgrind.out");
	if (opt->profile == NULL)
		opt->profile = first_matching("cachegrind.out");
	if (opt->profile == NULL)
		usage_error("no profile named on the command line and no callgrind.out* "
			    "or cachegrind.out* in the current directory");
	opt->profile_found = true;
}

static void options_init(struct options *opt)
{
	memset(opt, 0, sizeof(*opt));
	opt->threshold = xstrdup("99");
	opt->show_percs = true;
	opt->auto_annotate = true;
	opt->context = 8;
	opt->node_thres = 0.5;
	opt->edge_thres = 0.1;
	opt->include_dirs = xmalloc(sizeof(*opt->include_dirs));
	opt->include_dirs[0] = xstrdup("");
	opt->ninclude = 1;
}

/* Per-call costs are shown with --per-call=yes or when a --sort key is
 * one; a difference of two profiles has none.  Groups of functions have
 * no machine code. */
static void check_groups(struct options *opt)
{
	for (size_t i = 0; i < opt->nsort; i++)
		if (opt->sort[i].per_call != PER_CALL_NONE)
			opt->per_call = true;
	if (opt->per_call_option)
		opt->per_call = true;
	if (opt->per_call && opt->mode == MODE_DIFF)
		usage_error("costs per call take no --diff: the change of a cost per call is "
			    "no change of costs and calls");
	if (opt->group_by != GROUP_FUNCTION && (opt->asm_view || opt->nasm_functions > 0))
		usage_error("--asm and --asm-function show functions' machine code, which a "
			    "--group-by table has no rows for");
	/* Views of functions only: say so rather than show functions. */
	if (opt->group_by != GROUP_FUNCTION || opt->per_call) {
		const char *view = opt->format == FORMAT_PPROF ? "--format=pprof"
				 : opt->format == FORMAT_TUI ? "-i"
				 : opt->mode == MODE_COMPARE ? "--compare" : NULL;

		if (view != NULL && opt->group_by != GROUP_FUNCTION)
			usage_error("--group-by applies to the tables, the call graph and the flame "
				    "graphs, not to %s%s", view, opt->format == FORMAT_PPROF ?
				    " (pprof has its own -granularity)" : "");
		if (view != NULL)
			usage_error("costs per call (--per-call, --sort=EVENT/call) apply to the "
				    "tables, not to %s", view);
	}
}

void options_parse(struct options *opt, int argc, char **argv)
{
	int c;

	options_init(opt);
	/* getopt_long's own messages would name the program by argv[0], a
	 * path: bad_option() says the same under the program's name. */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hiI:", longopts, NULL)) != -1) {
		if (c == '?' || c == ':')
			bad_option(c, argv[optind - 1]);
		parse_one(opt, c, optarg);
	}
	for (int i = optind; i < argc; i++) {
		if (opt->profile == NULL || opt->mode != MODE_SINGLE)
			push_string(&opt->profiles, &opt->nprofiles, argv[i]);
		else
			add_user_file(opt, argv[i]);
		if (opt->profile == NULL)
			opt->profile = xstrdup(argv[i]);
	}
	if (opt->mode == MODE_DIFF && opt->nprofiles != 2)
		usage_error("--diff needs exactly two profiles, OLD and NEW");
	if (opt->mode == MODE_DIFF && opt->format == FORMAT_FOLDED)
		usage_error("--format=folded does not take --diff: fold OLD and NEW "
			    "apart and compare them (difffolded.pl)");
	check_compare(opt);
	if (opt->ngates > 0 && opt->mode != MODE_DIFF)
		usage_error("--fail-above gates a change: it needs --diff OLD NEW");
	if (opt->min_change_set && opt->ngates == 0)
		usage_error("--min-change is the noise floor of --fail-above gates, and none is given");
	check_groups(opt);
	if (opt->mode == MODE_MERGE && opt->nprofiles == 0)
		usage_error("--merge needs at least one profile");
	if (opt->profile == NULL) {
		find_default_profile(opt);
		push_string(&opt->profiles, &opt->nprofiles, opt->profile);
	}
}

void options_release(struct options *opt)
{
	free_strings(opt->show, opt->nshow);
	for (size_t i = 0; i < opt->nsort; i++) {
		free(opt->sort[i].event);
		free(opt->sort[i].threshold);
	}
	free(opt->sort);
	free(opt->threshold);
	free_strings(opt->include_dirs, opt->ninclude);
	free(opt->profile);
	free_strings(opt->user_files, opt->nuser);
	free_strings(opt->profiles, opt->nprofiles);
	free(opt->parts);
	free_strings(opt->mod_filename, opt->nmod_filename);
	free_strings(opt->mod_funcname, opt->nmod_funcname);
	free_strings(opt->focus, opt->nfocus);
	free_strings(opt->hide, opt->nhide);
	free_strings(opt->routines, opt->nroutines);
	free_strings(opt->asm_functions, opt->nasm_functions);
	for (size_t i = 0; i < opt->ngates; i++) {
		free(opt->gates[i].text);
		free(opt->gates[i].func_re);
	}
	free(opt->gates);
	memset(opt, 0, sizeof(*opt));
}
