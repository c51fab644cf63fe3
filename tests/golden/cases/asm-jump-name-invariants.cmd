OBJDUMP=asm/fake-objdump cgannotate --format=json --asm=yes --auto=no asm/tail.out | python3 tools/asm-invariants.py --disassembled asm/tail
