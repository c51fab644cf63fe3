OBJDUMP=asm/fake-objdump cgannotate --format=json --asm-function='main$' --auto=no asm/tail.out
