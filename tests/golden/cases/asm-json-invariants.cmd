OBJDUMP=asm/fake-objdump cgannotate --format=json --asm=yes --auto=no asm/hand.out | python3 tools/asm-invariants.py --disassembled asm/prog
