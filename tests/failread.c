/* For tests/read-ahead.sh, loaded with LD_PRELOAD: read(2) of file
 * descriptor 3 (the profile, the first file cgannotate opens) fails with
 * EIO after FAIL_READ_AFTER calls, as a disk that fails in the middle of
 * a file would. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

ssize_t read(int fd, void *buf, size_t n)
{
	static ssize_t (*real)(int, void *, size_t);
	static int calls;
	const char *after = getenv("FAIL_READ_AFTER");

	if (real == NULL)
		real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	if (fd == 3 && after != NULL && ++calls > atoi(after)) {
		errno = EIO;
		return -1;
	}
	return real(fd, buf, n);
}
