for i in 1 2 3 4 5 6 7 8 9 10; do printf 'line %s \033]0;title\007 \033[2J \302\233 \377\n' $i; done > e && cgannotate e
