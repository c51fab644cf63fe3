sed 's/^ob=.*/ob=???/' asm/hand.out > noobj.out && OBJDUMP=asm/fake-objdump cgannotate --asm-function=main --auto=no noobj.out
