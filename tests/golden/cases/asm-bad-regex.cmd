cgannotate --asm-function='(' asm/hand.out
