/* timeit OUT COMMAND [ARG...]: run COMMAND, then write to the file OUT its
 * wall-clock time in seconds (to the microsecond) and its peak resident
 * set size in KB, as "SECONDS KB".  Exits with COMMAND's status (or 128 +
 * the signal that ended it; 127 if it could not be run).
 *
 * For bench/run.sh: /usr/bin/time gives hundredths of a second, and timing
 * it from the shell adds the start of /usr/bin/time and of date(1) to every
 * figure, a few milliseconds, which is a tenth of cgannotate's time on a
 * 13 MB profile. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
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

int main(int argc, char **argv)
{
	struct rusage ru;
	double start, seconds;
	int status;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: timeit OUT COMMAND [ARG...]\n");
		return 2;
	}
	start = now();
	pid = fork();
	if (pid < 0) {
		perror("timeit: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "timeit: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) != pid) {
		perror("timeit: wait4");
		return 127;
	}
	seconds = now() - start;
	out = fopen(argv[1], "w");
	if (out == NULL || fprintf(out, "%.6f %ld\n", seconds, ru.ru_maxrss) < 0 || fclose(out) != 0) {
		perror(argv[1]);
		return 127;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
