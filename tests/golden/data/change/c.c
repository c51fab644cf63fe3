int main(void)
{
	sort(items, n);
	for (int i = 0; i < n; i++) lookup(i);
}

void sort(int *v, int n)
{
	qsort(v, n, sizeof(*v), compare);
}

void lookup(int k)
{
	return table[hash(k) % size];
}
