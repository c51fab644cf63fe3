cd progs && gzip -c evenodd.out | cgannotate --format=dot - > a && cgannotate --format=dot evenodd.out > b && cmp a b && cat a
