OBJDUMP=asm/fake-objdump cgannotate --format=json --asm=yes --auto=no asm/hand.out
