#include "cpus.h"

#include <sched.h>

size_t cpus_usable(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) != 0 || CPU_COUNT(&set) < 1)
		return 1;
	return (size_t)CPU_COUNT(&set);
}
