cd diff && cgannotate --tree=both crlf.out
