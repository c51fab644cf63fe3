cd progs && cgannotate --format=json --inclusive=both --auto=no multi.out > both.json && cgannotate --format=json --inclusive=yes --auto=no multi.out > yes.json && cmp both.json yes.json && echo same
