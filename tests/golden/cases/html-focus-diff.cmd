cgannotate --format=html --focus=main --diff progs/hot.out progs/hot-after.out
