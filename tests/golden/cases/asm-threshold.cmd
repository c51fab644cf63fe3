OBJDUMP=asm/fake-objdump cgannotate --asm=yes --context=0 --auto=no --threshold=50 asm/hand.out
