#include "pipeline-read.h"

#include <stdlib.h>
#include <string.h>

#include "calc-asm.h"
#include "diag.h"
#include "read-callgrind.h"
#include "read-detect.h"
#include "xalloc.h"

/* The event names --show and --sort mention: the reader computes those
 * that are derived events.  A new array of borrowed strings. */
static char **wanted_events(const struct options *opt, size_t *n)
{
	char **names = xcalloc(opt->nshow + opt->nsort + 1, sizeof(*names));

	*n = 0;
	for (size_t i = 0; i < opt->nshow; i++)
		names[(*n)++] = opt->show[i];
	for (size_t i = 0; i < opt->nsort; i++)
		names[(*n)++] = opt->sort[i].event;
	return names;
}

void reading_init(struct reading *r, const struct options *opt, const char *strip_prefix,
		  bool func_lines)
{
	*r = (struct reading){ opt, strip_prefix, NULL, NULL, NULL, 0, func_lines };
	r->file_rename = rename_new(opt->mod_filename, opt->nmod_filename, "mod-filename");
	r->func_rename = rename_new(opt->mod_funcname, opt->nmod_funcname, "mod-funcname");
	r->want = wanted_events(opt, &r->nwant);
}

void reading_release(struct reading *r)
{
	rename_free(r->file_rename);
	rename_free(r->func_rename);
	free(r->want);
}

void prepare_profile(struct profile *p, const struct reading *r, const char *path, bool lines)
{
	const struct options *opt = r->opt;

	profile_init(p, path);
	/* The browser shows the source of any function it finds. */
	p->annotate_all = opt->auto_annotate || opt->format == FORMAT_TUI;
	p->annotate_names = opt->user_files;
	p->nannotate_names = opt->nuser;
	p->strip_prefix = r->strip_prefix;
	p->want_parts = opt->parts;
	p->nwant_parts = opt->nparts;
	p->want_events = r->want;
	p->nwant_events = r->nwant;
	p->file_rename = r->file_rename;
	p->func_rename = r->func_rename;
	p->paths = opt->profiles;
	p->npaths = opt->nprofiles;
	p->negate = opt->mode == MODE_DIFF;
	/* A text report shows the lines of the files it finds, and so do a
	 * page and the browser; JSON gives the per-line costs of every file. */
	if (opt->format == FORMAT_TEXT || opt->format == FORMAT_HTML || opt->format == FORMAT_TUI) {
		p->source_dirs = opt->include_dirs;
		p->nsource_dirs = opt->ninclude;
	}
	/* Stacks and graphs need no per-line or per-instruction data. */
	if (!lines) {
		p->annotate_all = false;
		p->nannotate_names = 0;
	}
	p->keep_instr = asm_wanted(opt) && lines;
	p->keep_func_lines = r->func_lines;
}

void read_another(struct profile *p, const char *path, const char *option)
{
	struct input in;

	input_open(&in, path);
	if (detect_kind(&in) != KIND_CALLGRIND)
		usage_error("%s: %s to Callgrind and Cachegrind profiles, not to aprof reports",
			    path, option);
	callgrind_read(p, &in);
	input_close(&in);
}

void read_more(struct profile *p, const struct options *opt)
{
	for (size_t i = 1; i < opt->nprofiles; i++) {
		p->negate = false;
		read_another(p, opt->profiles[i], "--merge and --diff apply");
	}
}

void check_same_events(const struct profile *old, const struct profile *new)
{
	bool same = old->nraw == new->nraw;

	for (size_t i = 0; same && i < new->nraw; i++)
		same = strcmp(old->events[i].name, new->events[i].name) == 0;
	if (!same)
		die(EXIT_INPUT, "%s: the events differ from those of '%s'", new->path, old->path);
}

bool read_sides(struct profile side[2], const struct reading *r, struct input *in, bool again)
{
	const struct options *opt = r->opt;

	if (again && (strcmp(opt->profiles[0], "-") == 0 || strcmp(opt->profiles[1], "-") == 0))
		return false;
	for (int k = 0; k < 2; k++) {
		prepare_profile(&side[k], r, opt->profiles[k], false);
		/* Read a second time: its warnings were told the first. */
		side[k].warnings.quiet = again;
		side[k].negate = false;
		side[k].annotate_all = false;
		side[k].nannotate_names = 0;
		side[k].keep_instr = false;
		side[k].source_dirs = NULL;
		side[k].nsource_dirs = 0;
		if (k == 0 && !again)
			callgrind_read(&side[k], in);
		else
			read_another(&side[k], opt->profiles[k], "--merge and --diff apply");
	}
	check_same_events(&side[0], &side[1]);
	return true;
}
