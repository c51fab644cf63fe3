OBJDUMP=asm/fake-objdump cgannotate --diff --asm=yes --asm-function=prog.c:main --auto=no asm/hand-more.out asm/hand.out
