cgannotate --group-by=file --asm=yes groups/small.out
