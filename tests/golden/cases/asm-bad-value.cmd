cgannotate --asm=maybe asm/hand.out
