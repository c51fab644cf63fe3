cgannotate --auto=no asm/jumps-bad.out
