OBJDUMP=asm/fake-objdump cgannotate --asm=yes --auto=no asm/tail.out
