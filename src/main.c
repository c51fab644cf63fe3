/* cgannotate: wiring only.  Read the profile into the model, compute the
 * table, print the report and the annotated sources. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "annotate.h"
#include "callgrind.h"
#include "columns.h"
#include "detect.h"
#include "diag.h"
#include "input.h"
#include "options.h"
#include "profile.h"
#include "report.h"
#include "table.h"
#include "xalloc.h"

/* The current directory as the shell's pwd prints it (the logical path when
 * $PWD names this directory), plus "/": callgrind_annotate strips it from
 * the front of file names. */
static char *current_dir_prefix(void)
{
	const char *pwd = getenv("PWD");
	struct stat a, b;
	char *cwd, *prefix;

	if (pwd != NULL && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		return xasprintf("%s/", pwd);
	cwd = getcwd(NULL, 0);
	if (cwd == NULL)
		return xstrdup("");
	prefix = xasprintf("%s/", cwd);
	free(cwd);
	return prefix;
}

static void finish_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_INPUT, "write error on standard output: %s", strerror(errno));
	if (fclose(stdout) != 0)
		die(EXIT_INPUT, "write error on standard output: %s", strerror(errno));
}

int main(int argc, char **argv)
{
	struct options opt;
	struct profile p;
	struct columns cols;
	struct table table;
	char *prefix;
	struct input in;
	const char *head;
	size_t headlen;

	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	options_parse(&opt, argc, argv);
	if (opt.profile_found)
		printf("Reading data from '%s'...\n", opt.profile);

	prefix = current_dir_prefix();
	profile_init(&p, opt.profile);
	p.annotate_all = opt.auto_annotate;
	p.annotate_names = opt.user_files;
	p.nannotate_names = opt.nuser;
	p.strip_prefix = prefix;
	input_open(&in, opt.profile);
	input_peek(&in, &head, &headlen);
	if (detect_kind(head, headlen) == KIND_APROF)
		die(EXIT_INPUT, "%s: aprof reports are not supported yet", opt.profile);
	callgrind_read(&p, &in);
	input_close(&in);

	columns_init(&cols, &p, &opt);
	table_build(&table, &p, &opt, cols.sort, cols.nsort);
	cols.summary = table.summary;

	report_header(stdout, &p, &opt, &cols, &table);
	report_totals(stdout, &cols, &table);
	report_functions(stdout, &opt, &cols, &table);
	annotate_sources(stdout, &p, &opt, &cols, &table);
	finish_output();

	table_release(&table);
	columns_release(&cols);
	profile_release(&p);
	options_release(&opt);
	free(prefix);
	return EXIT_OK;
}
