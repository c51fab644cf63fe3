OBJDUMP=asm/fake-objdump cgannotate --asm-function='prog\.c:main$' --asm-function='^nosuch' --auto=no --sort=Dr --show=Dr,Ir --show-percs=no asm/hand.out
