/* timeit [--pty] OUT COMMAND [ARG...]: run COMMAND, then write to the file
 * OUT its wall-clock time in seconds (to the microsecond), its peak
 * resident set size in KB and the CPU time it took in user and in system
 * mode, as "SECONDS KB USER SYSTEM".  Exits with COMMAND's status
 * (or 128 + the signal that ended it; 127 if it could not be run).  With
 * --pty, COMMAND runs on a terminal of its own (a pseudo-terminal of 80x24
 * whose output is read and dropped), for the terminal browser (-i).
 *
 * For bench/run.sh: /usr/bin/time gives hundredths of a second, and timing
 * it from the shell adds the start of /usr/bin/time and of date(1) to every
 * figure, a few milliseconds, which is a tenth of cgannotate's time on a
 * 13 MB profile. */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <pty.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Read what the terminal MASTER shows until its program is gone. */
static void drain(int master)
{
	char buf[65536];

	while (read(master, buf, sizeof(buf)) > 0 || errno == EINTR)
		errno = 0;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	double start, seconds;
	int status, master = -1;
	bool pty = argc > 1 && strcmp(argv[1], "--pty") == 0;
	struct winsize size = { .ws_row = 24, .ws_col = 80 };
	pid_t pid;
	FILE *out;

	if (pty) {
		argv++;
		argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: timeit [--pty] OUT COMMAND [ARG...]\n");
		return 2;
	}
	start = now();
	pid = pty ? forkpty(&master, NULL, NULL, &size) : fork();
	if (pid < 0) {
		perror("timeit: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "timeit: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	if (pty)
		drain(master);
	if (wait4(pid, &status, 0, &ru) != pid) {
		perror("timeit: wait4");
		return 127;
	}
	seconds = now() - start;
	out = fopen(argv[1], "w");
	if (out == NULL ||
	    fprintf(out, "%.6f %ld %ld.%06ld %ld.%06ld\n", seconds, ru.ru_maxrss,
		    (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec, (long)ru.ru_stime.tv_sec,
		    (long)ru.ru_stime.tv_usec) < 0 || fclose(out) != 0) {
		perror(argv[1]);
		return 127;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
