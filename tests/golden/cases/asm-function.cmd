OBJDUMP=asm/fake-objdump cgannotate --asm-function='prog\.c:main$' --auto=no --sort=Dr --show=Dr,Ir --show-percs=no asm/hand.out
