int main(void)
{
	return 0;
}
static void other(void) {}
