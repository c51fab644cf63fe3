printf "events: A B\nevent: S = A + 2 B\nfl=x.c\nfn=f\n1 5\n2 . 3\n3 1 1\nfn=g\n4 .\n" > d.out && cgannotate --show=S,A,B --auto=no --threshold=100 d.out
