/* Three worker threads doing different amounts of work. */
#include <pthread.h>
#include <stdio.h>

struct job {
    unsigned n;
    unsigned long result;
};

static unsigned long collatz_steps(unsigned long x)
{
    unsigned long steps = 0;

    while (x != 1) {
        x = (x % 2) ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

static void *worker(void *arg)
{
    struct job *j = arg;
    unsigned long i;

    for (i = 1; i <= j->n; i++)
        j->result += collatz_steps(i);
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    struct job jobs[3] = { { 100, 0 }, { 200, 0 }, { 400, 0 } };
    int i;

    for (i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, &jobs[i]);
    for (i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    for (i = 0; i < 3; i++)
        printf("job %d: %lu\n", i, jobs[i].result);
    return 0;
}
