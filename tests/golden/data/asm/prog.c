/* The source of asm/prog, as far as the hand-written profiles need it. */
int loop(void);
int main(void)
{
	loop();
	helper();
	return 0;
}

int loop(void)
{
	int s = 0, i = 0;
	while (add(&s, &i) != 100)
		;
	return s;
}
