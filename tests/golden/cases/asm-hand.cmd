OBJDUMP=asm/fake-objdump cgannotate --asm=yes asm/hand.out
