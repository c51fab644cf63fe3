OBJDUMP=asm/fake-objdump cgannotate --asm=yes --auto=no --context=1 --show=Ir asm/hand.out
