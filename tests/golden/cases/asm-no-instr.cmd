OBJDUMP=asm/fake-objdump cgannotate --asm=yes asm/lines.out
