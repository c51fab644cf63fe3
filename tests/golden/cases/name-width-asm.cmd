OBJDUMP=asm/fake-objdump cgannotate --asm=yes --name-width=3 asm/hand.out
