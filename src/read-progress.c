#include "read-progress.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define PROGRESS_INTERVAL_MS 200

bool progress_wanted(int fd, uint64_t total)
{
	const char *ci = getenv("CI");

	/* CI services give their jobs a pseudo-terminal at times. */
	if (ci != NULL && *ci != '\0')
		return false;
	return total >= PROGRESS_MIN_SIZE && isatty(fd);
}

void progress_init(struct progress *pr, FILE *out, const char *name, uint64_t total)
{
	pr->out = total > 0 ? out : NULL;
	pr->name = name;
	pr->total = total;
	pr->next_ms = 0;
	pr->percent = -1;
	pr->width = 0;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void progress_update(struct progress *pr, uint64_t done)
{
	uint64_t t;
	int percent, n;

	if (pr->out == NULL)
		return;
	t = now_ms();
	if (t < pr->next_ms)
		return;
	pr->next_ms = t + PROGRESS_INTERVAL_MS;
	percent = done >= pr->total ? 100 : (int)(done * 100 / pr->total);
	if (percent == pr->percent)
		return;
	pr->percent = percent;
	/* The carriage return comes last, so that a message printed while
	 * the line is shown starts at the left margin. */
	n = fprintf(pr->out, "cgannotate: reading %s: %d%%\r", pr->name, percent);
	if (n - 1 > pr->width)
		pr->width = n - 1;
	fflush(pr->out);
}

void progress_end(struct progress *pr)
{
	if (pr->out != NULL && pr->width > 0) {
		fprintf(pr->out, "%*s\r", pr->width, "");
		fflush(pr->out);
	}
	pr->out = NULL;
	pr->width = 0;
}
