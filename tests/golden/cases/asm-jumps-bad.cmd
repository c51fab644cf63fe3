OBJDUMP=asm/fake-objdump cgannotate --asm=yes --auto=no asm/jumps-bad.out
