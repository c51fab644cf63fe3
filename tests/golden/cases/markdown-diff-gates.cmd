cgannotate --format=markdown --diff --show=Ir,Bc --fail-above=2 --fail-above=5:main progs/hot-after.out progs/hot.out
