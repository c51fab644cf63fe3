/* cgannotate: wiring only.  Parse the options, tell the profile's format
 * and hand it to the pipeline for that format. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read-detect.h"
#include "diag.h"
#include "read-input.h"
#include "options.h"
#include "pipeline.h"
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

/* The reader of the report went away ("cgannotate big.out | head"): it
 * has what it wanted, so stop at once, quietly and successfully. */
static void on_sigpipe(int sig)
{
	(void)sig;
	_exit(EXIT_OK);
}

static void watch_reader(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigpipe;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

/* Standard output gets everything at once here, so a disk that filled up
 * while the report was written is reported; EPIPE is the reader going away
 * where SIGPIPE could not tell it (when the signal is blocked). */
static void finish_output(void)
{
	int err = 0;

	if (fflush(stdout) != 0)
		err = errno;
	else if (ferror(stdout))
		err = EIO;
	if (fclose(stdout) != 0 && err == 0)
		err = errno;
	if (err == EPIPE)
		_exit(EXIT_OK);
	if (err != 0)
		die(EXIT_INPUT, "write error on standard output: %s", strerror(err));
}

int main(int argc, char **argv)
{
	struct options opt;
	struct input in;
	char *prefix;
	int status = EXIT_OK;

	watch_reader();
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	/* Only this thread writes the report.  Once the read-ahead thread
	 * has run, glibc locks a stream at every call; holding the lock
	 * makes each of those a counter increment (JSON makes millions). */
	flockfile(stdout);
	options_parse(&opt, argc, argv);
	/* callgrind_annotate's line; it would make JSON invalid. */
	if (opt.profile_found && opt.format == FORMAT_TEXT)
		printf("Reading data from '%s'...\n", opt.profile);

	prefix = current_dir_prefix();
	input_open(&in, opt.profile);
	if (detect_kind(&in) == KIND_APROF) {
		if (opt.mode == MODE_COMPARE)
			usage_error("%s: --compare applies to Callgrind and Cachegrind profiles, "
			    "not to aprof reports", opt.profile);
		if (opt.mode != MODE_SINGLE || opt.nparts > 0)
			usage_error("%s: --merge, --diff and --part apply to Callgrind "
			    "and Cachegrind profiles, not to aprof reports", opt.profile);
		pipeline_aprof(&opt, &in, stdout);
	} else
		status = pipeline_callgrind(&opt, &in, prefix, stdout);
	input_close(&in);
	finish_output();

	options_release(&opt);
	free(prefix);
	return status;
}
