printf "events: A\nevent: X = A + Q\nfl=x.c\nfn=f\n1 5\n" > d.out && cgannotate --show=X d.out
