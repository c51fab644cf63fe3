printf "events: A\nevent: X = Y\nevent: Y = 2 X\nfl=x.c\nfn=f\n1 5\n" > d.out && cgannotate --show=X d.out
