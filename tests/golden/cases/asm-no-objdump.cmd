OBJDUMP=/nonexistent/objdump cgannotate --asm=yes asm/hand.out
