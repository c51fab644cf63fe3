/* The command line, parsed once into a struct options that the rest of the
 * program only reads. */
#ifndef CGA_OPTIONS_H
#define CGA_OPTIONS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

/* What a --sort key sorts by: the event's cost, or its cost per call
 * ("Ir/call": self; "Ir/call:incl": inclusive). */
enum per_call { PER_CALL_NONE, PER_CALL_SELF, PER_CALL_INCL };

struct sort_key {
	char *event;
	char *threshold;   /* as written (without "%"), or NULL */
	enum per_call per_call;
};

/* --group-by: what the function table has a row for. */
enum group_by { GROUP_FUNCTION, GROUP_OBJECT, GROUP_FILE, GROUP_CLASS, GROUP_NAMESPACE };

/* FORMAT_TUI: -i, the terminal browser, which writes no report. */
enum output_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_DOT, FORMAT_FOLDED, FORMAT_FLAMEGRAPH,
		     FORMAT_HTML, FORMAT_PPROF, FORMAT_MARKDOWN, FORMAT_CSV,
		     FORMAT_TUI };

/* A --fail-above gate: PCT, or PCT:FUNCRE. */
struct gate_spec {
	char *text;                /* as given */
	double pct;                /* the most growth allowed, in % */
	char *func_re;             /* NULL: the program total; else the functions whose
				      names match (POSIX extended) */
};

/* How the positional arguments are read: one profile and source files, or
 * several profiles summed, or two profiles subtracted, or several side by
 * side. */
enum profile_mode { MODE_SINGLE, MODE_MERGE, MODE_DIFF, MODE_COMPARE };

struct options {
	char **show;               /* --show events; none means all */
	size_t nshow;
	struct sort_key *sort;     /* --sort events; none means file order */
	size_t nsort;
	bool sort_thresholds;      /* some --sort event had ":N" */
	char *threshold;           /* --threshold text, as printed in the header */
	bool show_percs;
	bool auto_annotate;
	long context;
	bool inclusive;
	bool both_costs;           /* --inclusive=both: self costs and calls beside inclusive ones */
	bool tree_caller;
	bool tree_calling;
	char **include_dirs;       /* each ends in "/"; the implicit "" first */
	size_t ninclude;
	char *profile;             /* NULL until found */
	bool profile_found;        /* chosen from the current directory */
	char **user_files;         /* source files named on the command line, in order, unique */
	size_t nuser;
	enum profile_mode mode;
	char **profiles;           /* every profile to read; profiles[0] == profile */
	size_t nprofiles;
	enum output_format format;
	unsigned long *parts;      /* --part numbers (1-based), ascending, unique; none means all */
	size_t nparts;
	char **mod_filename;       /* --mod-filename expressions, applied in order */
	size_t nmod_filename;
	char **mod_funcname;       /* --mod-funcname expressions, applied in order */
	size_t nmod_funcname;
	char **focus;              /* --focus expressions */
	size_t nfocus;
	char **hide;               /* --hide expressions */
	size_t nhide;
	char **routines;           /* aprof: --routine names or ids, in order */
	size_t nroutines;
	bool mangled;              /* aprof: show mangled names */
	bool asm_view;             /* --asm: machine code of the table's functions */
	char **asm_functions;      /* --asm-function expressions: code shown whatever the threshold */
	size_t nasm_functions;
	double node_thres;         /* --format=dot: least inclusive share of a node, in % */
	bool node_thres_set;       /* --node-thres was given */
	double edge_thres;         /* --format=dot: least share of an edge's calls, in % */
	size_t name_width;         /* --name-width: text report's function names shortened
				      to at most this many characters; 0: never */
	bool flame_down;           /* --flame-direction=down: flame graphs drawn root at the top */
	struct gate_spec *gates;   /* --fail-above, in order */
	size_t ngates;
	unsigned long long min_change;   /* --min-change: changes smaller are no growth */
	bool min_change_set;
	size_t compare_base;       /* --compare-base: the reference profile, from 0 */
	bool compare_base_set;
	enum group_by group_by;    /* --group-by: one row per group of functions */
	bool per_call_option;      /* --per-call=yes */
	bool per_call;             /* --per-call=yes, or a per-call --sort key: costs per call */
	bool sort_per_call;        /* the first --sort key is a per-call one */
};

/* Parse ARGV into OPT.  Prints help or version and exits 0 when asked;
 * dies with EXIT_USAGE on a bad command line and EXIT_INPUT when a named
 * source file is found in no include directory. */
void options_parse(struct options *opt, int argc, char **argv);
void options_release(struct options *opt);

/* Compile TEXT, given to --OPTION, with regcomp's FLAGS; an invalid
 * expression is a usage error that says what is wrong with it. */
void options_regcomp(regex_t *re, const char *text, int flags, const char *option);

/* The numeric value of a threshold text, as Perl would read it. */
double options_threshold_value(const char *text);

#endif
