int main(void)
{
	work();
}

void work(void)
{
	for (int i = 0; i < 3; i++) leaf();
}

void leaf(void)
{
}
