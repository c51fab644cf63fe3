cgannotate --group-by=class --inclusive=both --tree=both --show=Ir progs/corpus.out
