/* Inlined into loop. */
static inline int add(int *s, int *i)
{
	*s += *i;
	return ++*i;
}
