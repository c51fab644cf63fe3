/* How many CPUs this process may run on: what decides whether work is
 * worth a thread of its own. */
#ifndef CGA_CPUS_H
#define CGA_CPUS_H

#include <stddef.h>

/* The CPUs of the calling thread's affinity mask; 1 if it cannot be known. */
size_t cpus_usable(void);

#endif
